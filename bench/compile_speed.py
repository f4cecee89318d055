#!/usr/bin/env python3
"""Times adgen itself on synthetic inputs (issue 9: speed of adgen).

Writes annotated C++ of growing size and times `adgen in.cpp -o out.cpp`
(parse, both modes, code emission) on each, printing per workload a table of
size, seconds and time(size) / time(previous size). The sizes double, so a
linear compiler shows ratios near 2 (the goal: <= 2.2).

Workloads (--case, default all):
  funcs     M functions of ~50 lines with loops, ifs, local arrays and math
            calls, each `#pragma adgen jvp grad` (size = lines)
  straight  one function of N straight-line statements (size = statements)
  expr      one return statement of K terms (products, calls) (size = terms)
  sum       one return statement summing K array elements (size = terms)
  nest      K nested parentheses ((((x + 1) * a) + 1) * a ...) (size = depth)

  python3 bench/compile_speed.py --adgen build/tool/adgen [--quick]
  python3 bench/compile_speed.py --write DIR --case funcs --sizes 200
      (only writes the inputs: DIR/funcs_200.cpp)

Times are the best of --repeat runs; the ratios and goals use CPU time (user +
system), which a loaded machine disturbs less than the wall clock. Exit
status 1 when a goal is missed (10,000 lines of `funcs` over 1 s, or a ratio
over 2.2 in `funcs` or `straight` where both times exceed 0.2 s).
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

FUNC_TEMPLATE = """\
double helper_{k}(double u, double v) {{
  return u * std::tanh(v) + 0.5 * u;
}}

#pragma adgen jvp grad
double work_{k}(const double* x, const double* w, double a, double b, int n) {{
  double buf[16];
  for (int i = 0; i < 16; ++i)
    buf[i] = x[i] * w[i] + a * {c1};
  double acc = 0.0;
  double m = buf[0];
  for (int i = 0; i < n; ++i) {{
    double s = buf[i % 16] * b;
    if (s > {c2}) {{
      acc += std::sin(s) * w[i % 16];
      m = m * 0.5 + helper_{k}(s, a);
    }} else {{
      acc -= std::exp(-s * s) * {c3};
    }}
    buf[(i + 1) % 16] += 0.25 * acc;
  }}
  double norm = 0.0;
  for (int i = 0; i < 16; ++i)
    norm += buf[i] * buf[i];
  norm = std::sqrt(norm + 1e-12);
  double h[4];
  for (int j = 0; j < 4; ++j) {{
    double z = 0.0;
    for (int i = 0; i < 4; ++i)
      z += w[j * 4 + i] * buf[i] / norm;
    h[j] = std::tanh(z + {c4});
  }}
  double t = 0.0;
  int k = 0;
  while (k < 4) {{
    if (h[k] > 0.0)
      t += h[k] * a;
    else
      t += std::log(1.0 + h[k] * h[k]);
    ++k;
  }}
  double p = acc * {c5} + m;
  if (p < 0.0)
    p = -p;
  double q = std::pow(p + 1.0, 1.5) + t;
  for (int i = 0; i < 3; ++i) {{
    q = q * 0.9 + std::cos(x[i] * q) * b;
    if (q > 100.0)
      break;
  }}
  double r = a * b + q;
  r += 0.5 * (t - m) * (t - m);
  r -= std::fabs(acc) * {c1} + helper_{k}(t, b);
  return r + norm * {c2};
}}

"""
FUNC_LINES = FUNC_TEMPLATE.count("\n")


def gen_funcs(lines):
    """About `lines` lines: functions of FUNC_LINES lines each."""
    out = ["#include <cmath>\n\n"]
    for k in range(max(1, lines // FUNC_LINES)):
        out.append(FUNC_TEMPLATE.format(
            k=k, c1=f"{0.1 + k % 7 * 0.01:g}", c2=f"{0.2 + k % 5 * 0.1:g}",
            c3=f"{1.0 + k % 3:.1f}", c4=f"{k % 11 * 0.05:.2f}",
            c5=f"{0.3 + k % 4 * 0.1:g}"))
    return "".join(out)


def gen_straight(n):
    """One function of n statements, each a new variable of earlier ones."""
    out = ["#include <cmath>\n\n#pragma adgen jvp grad\n",
           "double straight(const double* x, double a, double b) {\n",
           "  double t0 = x[0] * a + b;\n"]
    ops = ["t{p} * a + x[{i}]", "std::sin(t{p}) * t{q}", "t{p} + b * t{q}",
           "std::exp(-t{p} * t{p}) + t{q} * 0.5", "t{p} * t{q} - a",
           "std::tanh(t{p} + x[{i}]) * b"]
    for s in range(1, n):
        e = ops[s % len(ops)].format(p=s - 1, q=max(0, s - 1 - s % 7), i=s % 8)
        out.append(f"  double t{s} = {e};\n")
    out.append(f"  return t{n - 1};\n}}\n")
    return "".join(out)


def gen_expr(k):
    """One return statement of k terms: products, calls, differences."""
    terms = ["x[{i}] * a", "std::sin(x[{i}]) * b", "a * b * x[{i}]",
             "std::exp(x[{i}] * 0.01)", "x[{i}] * x[{j}]"]
    parts = [terms[t % len(terms)].format(i=t % 16, j=(t * 7) % 16)
             for t in range(k)]
    body = "".join((" + " if t % 3 else " - ") + p if t else p
                   for t, p in enumerate(parts))
    return ("#include <cmath>\n\n#pragma adgen jvp grad\n"
            "double expr(const double* x, double a, double b) {\n"
            f"  return {body};\n}}\n")


def gen_sum(k):
    """One return statement summing k array elements."""
    body = " + ".join(f"x[{t % 64}]" for t in range(k))
    return ("#pragma adgen jvp grad\n"
            "double sum(const double* x) {\n"
            f"  return {body};\n}}\n")


def gen_nest(k):
    """k nested parentheses around x: ((((x + 1) * a) + 1) * a ...)."""
    body = "x"
    for d in range(k):
        body = f"({body} + 1.0)" if d % 2 == 0 else f"({body} * a)"
    return ("#pragma adgen jvp grad\n"
            "double nest(double x, double a) {\n"
            f"  return {body};\n}}\n")


CASES = {
    "funcs": (gen_funcs, "lines",
              [3125, 6250, 12500, 25000, 50000, 100000], [1250, 2500, 10000]),
    "straight": (gen_straight, "statements",
                 [1250, 2500, 5000, 10000, 20000], [1000, 2000]),
    "expr": (gen_expr, "terms", [1000, 2000, 4000, 8000], [1000, 4000]),
    "sum": (gen_sum, "terms", [6250, 12500, 25000, 50000], [5000]),
    "nest": (gen_nest, "depth", [250, 500, 1000, 2000], [500]),
}


def time_adgen(adgen, src, tmp, timeout, repeat):
    """Best (wall, CPU) seconds of `repeat` runs, or a string saying why
    there are none. CPU = user + system time of adgen, which a loaded
    machine disturbs less than the wall clock."""
    out = os.path.join(tmp, "out.cpp")
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            proc = subprocess.run([adgen, src, "-o", out], capture_output=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return f"timeout (>{timeout:g} s)"
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime +
               after.ru_stime - before.ru_stime)
        if proc.returncode != 0:
            why = "crash" if proc.returncode < 0 else "error"
            return f"{why} (exit {proc.returncode})"
        if best is None or cpu < best[1]:
            best = (wall, cpu)
        if wall > 5:  # long runs: one is enough
            break
    return best


def run_case(name, sizes, args, tmp):
    gen, unit, _, _ = CASES[name]
    print(f"\n## {name}\n\n| {unit} | input lines | wall s | CPU s | ratio |\n"
          "|---:|---:|---:|---:|---:|")
    rows, prev = [], None
    for size in sizes:
        text = gen(size)
        src = os.path.join(tmp, f"{name}_{size}.cpp")
        with open(src, "w") as f:
            f.write(text)
        t = time_adgen(args.adgen, src, tmp, args.timeout, args.repeat)
        cpu = t[1] if isinstance(t, tuple) else None
        ratio = f"{cpu / prev:.2f}" if cpu is not None and prev else ""
        shown = f"{t[0]:.3f} | {t[1]:.3f}" if cpu is not None else f"{t} |"
        print(f"| {size:,} | {text.count(chr(10)):,} | {shown} | {ratio} |",
              flush=True)
        rows.append((size, cpu if cpu is not None else t, ratio))
        prev = cpu
        if cpu is None or t[0] > args.timeout / 2:
            break  # the next size would take longer still
    return rows


def goals(results):
    """Messages for each goal missed."""
    missed = []
    for name, rows in results.items():
        prev = None
        for size, t, ratio in rows:
            if not isinstance(t, float):
                missed.append(f"{name} {size:,}: {t}")
            elif (name in ("funcs", "straight") and ratio and prev > 0.2
                  and float(ratio) > 2.2):
                missed.append(f"{name} {size:,}: ratio {ratio} > 2.2")
            prev = t
    return missed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--adgen", default="build/tool/adgen")
    ap.add_argument("--case", default="all",
                    help="comma list of " + ", ".join(CASES))
    ap.add_argument("--sizes", help="comma list overriding the default sizes")
    ap.add_argument("--quick", action="store_true", help="small sizes only")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per adgen run")
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs")
    ap.add_argument("--write", metavar="DIR",
                    help="only write the inputs to DIR, time nothing")
    args = ap.parse_args()
    names = list(CASES) if args.case == "all" else args.case.split(",")
    sizes_of = {n: ([int(s) for s in args.sizes.split(",")] if args.sizes
                    else CASES[n][3 if args.quick else 2]) for n in names}
    if args.write:
        os.makedirs(args.write, exist_ok=True)
        for n in names:
            for s in sizes_of[n]:
                with open(os.path.join(args.write, f"{n}_{s}.cpp"), "w") as f:
                    f.write(CASES[n][0](s))
        return 0
    if not os.access(args.adgen, os.X_OK):
        sys.exit(f"compile_speed: no adgen at {args.adgen} (--adgen PATH)")
    print(f"adgen: {args.adgen}; best of {args.repeat}; `ratio` is CPU "
          f"time(size) / CPU time(previous size)")
    results = {}
    with tempfile.TemporaryDirectory(prefix="adgen-speed-") as tmp:
        if "funcs" in names and not args.sizes:  # the 10,000-line goal
            results["funcs 10,000"] = run_case("funcs", [10000], args, tmp)
        for n in names:
            results[n] = run_case(n, sizes_of[n], args, tmp)
    ten = results.get("funcs 10,000")
    missed = goals(results)
    if ten and isinstance(ten[0][1], float) and ten[0][1] > 1.0:
        missed.append(f"funcs 10,000 lines: {ten[0][1]:.2f} s CPU > 1 s")
    print("\ngoals: " + ("met" if not missed else "missed: " + "; ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
