#!/usr/bin/env python3
"""Random program generator for adgen (SPEC sections 4 and 5).

  gen_programs.py --seed S --count N [--only K] [--avoid C1,C2] [--with C3,C4] > prog.cpp

writes ONE C++ file holding N random functions fz0..fz{N-1} in the accepted
subset, each under `#pragma adgen jvp grad` (sometimes with a parameter list),
with the helpers each calls defined just before it, and a driver under
`#ifdef ADGEN_DRIVER` that declares the generated fzK_jvp / fzK_grad and, at a
few random inputs per function, checks

  (a) f_jvp against central finite differences along a random direction,
  (b) f_grad against finite differences of phi = ybar*f + sum w*out,
  (c) the dot-product test <J xdot, (ybar, w)> = <xdot, J^T (ybar, w)>,
  (d) f_jvp / f_grad return f's value and leave written arrays (written
      references, written structs with their int members) as f does,
      adjoints accumulate (a second f_grad call adds to the *_bar), and the
      int members of struct shadows (s_dot, s_bar) come back untouched.

Use:  adgen prog.cpp -o prog.d.cpp
      g++ -std=c++17 -O1 -Wno-unknown-pragmas -DADGEN_DRIVER prog.cpp prog.d.cpp
      ./a.out [POINTS]
On a mismatch the driver prints the function's source (helpers included),
the inputs and both numbers, and exits 1 once every function has run.

Programs: nested expressions over every math function of SPEC section 5
with arguments kept in their domains, ifs on data, ?:, for/while/do loops
with constant, parameter and data-dependent trip counts, break, continue,
early returns, local arrays updated in place, const double* inputs and
double* outputs, helper calls with active and passive arguments, compound
assignments, ++/--, casts, bool/int parameters, float functions (with f-
suffixed math), checkpoint directives, and functions and helpers in
namespaces (nested, reopened, C++17 `a::b`, unnamed; helpers called
qualified, `detail::fzK_h0(x)` from `phys::fzK`). With --with, also:
structs of the function's own types (fzK_S with double, int, counter, array
and nested fzK_In members; const and writing methods, operator+ on the
nested type) as parameters by value, const reference and reference, locals
(copies, `{}`, references to them), member reads and writes, whole
assignments; `double &` / `const double &` parameters of functions and
helpers and reference locals; templates over the floating type (a fuzz
function `template <class T> T fzK(...)` instantiated at float and double
through `instantiate(...)` or explicit instantiations, and checked at both;
template helpers called `h<T>(...)` or deduced); local pointers into arrays
(`const double *q = a + k;`, q[i], *(q + i), *q, `*q++` walks) and offsets
passed to helpers (`a + k`, `&a[k]`); switch and range-for; and (`fills`,
by name only: not in `all`) local arrays filled whole by one loop, in loops
that read them first. Values are kept tame by
construction (updates that feed back in loops are squashed), and the driver
skips points where f overflows or goes invalid.

Finite differences use Richardson-extrapolated central differences at three
step sizes; a derivative fails only when two step sizes agree with each other
and not with it (a kink or jump inside the steps is "inconclusive"). A float
function is differenced through its double twin (the same program in
double), at points where both take the same path; so is a function that
calls floor/ceil/trunc/round/nearbyint, through a twin that logs their
values: a step size whose two sides see different values crosses a jump
(floor of a huge argument crosses thousands and looks like a slope) and
cannot make a failure. A float function whose derivatives overflow float
where f does not skips the point.

Function K depends only on (seed, K), so `--only K` reproduces it alone
(same source, same driver inputs); `--as-double` writes the float functions
in double. `--avoid` drops constructs (comma list of AVOIDABLE below) to get
past a known adgen bug; the default uses them all; `adgen-gaps` names
those adgen refuses or gets wrong today (fuzzgen.model.ADGEN_GAPS). `--with`
adds the opt-in constructs (OPT_IN: switch, range-for, structs, references,
templates, pointers; `all` for every one), which no seed gets otherwise, so
the programs of a seed stay the same as they were. Debugging: FUZZ_VERBOSE=1
prints the inconclusive comparisons, FUZZ_DUMP=1 every f, J v and J^T w.
Python 3 standard library only.

The generator lives in the fuzzgen package next to this script: model
(constructs, variables), exprs, stmts and loops (FuncGen's halves), funcgen
(signatures, gen_function), prelude and driver (the checking driver).
"""

import argparse
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree (lit runs this)

from fuzzgen.driver import calls_steps, gen_driver_case, needs_twin, prototypes, twin_source
from fuzzgen.funcgen import gen_function
from fuzzgen.model import AVOIDABLE, GROUPS, OPT_IN, WITH


def expand(opt, text):
    """The constructs of a --with / --avoid list, groups (all, adgen-gaps)
    expanded."""
    out = set()
    for a in (a for a in text.split(",") if a):
        out.update(GROUPS[opt].get(a, [a]))
    return out


from fuzzgen.prelude import PRELUDE
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--only", type=str, default=None,
                    help="comma list of function indices to emit (reproduce one function)")
    ap.add_argument("--points", type=int, default=3, help="random inputs per function")
    ap.add_argument("--avoid", type=str, default="",
                    help="comma list of constructs to leave out: " + ", ".join(sorted(AVOIDABLE)) +
                    "; adgen-gaps: those adgen refuses or gets wrong today (" + ", ".join(GROUPS["avoid"]["adgen-gaps"]) + ")")
    ap.add_argument("--with", type=str, default="",
                    help="comma list of opt-in constructs: " + ", ".join(sorted(OPT_IN)) + "; all: every one")
    ap.add_argument("--no-driver", action="store_true", help="emit the functions only")
    ap.add_argument("--float-fraction", type=float, default=0.15,
                    help="share of the functions written in float (default 0.15)")
    ap.add_argument("--as-double", action="store_true",
                    help="write the float functions in double (same programs otherwise): "
                         "tells float rounding from a wrong derivative")
    args = ap.parse_args()
    avoid = expand("avoid", args.avoid)
    bad = avoid - set(AVOIDABLE)
    if bad:
        ap.error("unknown construct(s) for --avoid: %s (known: %s)" % (", ".join(sorted(bad)), ", ".join(sorted(AVOIDABLE))))
    WITH.update(expand("with", getattr(args, "with")))
    if WITH - set(OPT_IN):
        ap.error("unknown construct(s) for --with: %s" % ", ".join(sorted(WITH - set(OPT_IN))))
    ks = [int(x) for x in args.only.split(",")] if args.only else list(range(args.count))

    out = []
    # The lists as given (groups unexpanded), for the reproducing command lines.
    given = lambda text: ",".join(sorted(set(a for a in text.split(",") if a)))
    flags = ((" --avoid " + given(args.avoid)) if avoid else "") + \
        ((" --with " + given(getattr(args, "with"))) if WITH else "")
    out.append("// Generated by test/fuzz/gen_programs.py --seed %d --count %d%s%s; do not edit."
               % (args.seed, args.count, (" --only " + args.only) if args.only else "", flags))
    out.append("#include <cmath>")
    out.append("")
    # Function k may call fz0 .. fz(k-1) (funcgen.callable_earlier): each
    # is generated once, in order, and one another emitted calls (with
    # --only too: the program is the same) goes in ahead of it.
    made = {}
    def made_upto(k):
        for j in range(len(made), k + 1):
            made[j] = gen_function(args.seed, j, avoid, args.float_fraction,
                                   args.as_double, [made[i][1] for i in range(j)])
        return made[k]
    emitted = set()
    def emit(k):
        src, sig, _ = made_upto(k)
        for name in sig.calls:
            j = int(name[2:])
            if j not in emitted:
                emit(j)
        emitted.add(k)
        out.append(src)
    funcs = []
    for k in ks:
        src, sig, active = made_upto(k)
        if k not in emitted:
            emit(k)
        funcs.append((k, src, sig, active))
    if not args.no_driver:
        out.append(PRELUDE)
        for k, src, sig, active in funcs:
            out += prototypes(sig, active)
        out.append("")
        cases = []
        # A twin calls its callees' twins (double functions: their own
        # source renamed), which log their step functions too.
        def reach(k):
            got = [k]
            for name in made[k][1].calls:
                got += [j for j in reach(int(name[2:])) if j not in got]
            return got
        twinned = set()
        for k, src, sig, active in funcs:
            twin = needs_twin(sig, "".join(made[j][0] for j in reach(k)))
            if twin:
                for j in sorted(reach(k)[1:]):  # callees first
                    if j not in twinned:
                        twinned.add(j)
                        out += twin_source(made[j][0])
            if twin and k not in twinned:
                twinned.add(k)
                out += twin_source(gen_function(args.seed, k, avoid, args.float_fraction, True,
                                                [made[i][1] for i in range(k)])[0])
            # A template is checked at its two instantiations.
            for ft in ("double", "float") if sig.template else (sig.ft,):
                case_twin = calls_steps(src) if sig.template and ft == "double" else twin
                L, case = gen_driver_case(k, sig, active, src, case_twin, ft)
                out += L
                cases.append((k, case))
        out.append("")
        out.append("static const fz::Case cases[] = {")
        for k, case in cases:
            out.append("    %s," % case)
        out.append("};")
        out.append("static const int case_index[] = {%s};" % ", ".join(str(k) for k, _ in cases))
        out.append(r'''
int main(int argc, char **argv) {
  int points = argc > 1 ? std::atoi(argv[1]) : %d;
  int failed = 0;
  static std::string repro;
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    repro = "gen_programs.py --seed %d --only " + std::to_string(case_index[i]) + "%s";
    fz::g_repro = repro.c_str();
    failed += fz::run_case(cases[i], 0x5eed0000ull * %d + case_index[i], points);
  }
  std::printf("fuzz seed %d: %%d functions, %%ld points (%%ld skipped: values out of range), "
              "%%ld checks (%%ld inconclusive: a kink, jump or ill-conditioning within the FD steps), %%d failed\n",
              (int)(sizeof cases / sizeof cases[0]), fz::stats.points, fz::stats.skipped_points,
              fz::stats.checks, fz::stats.inconclusive, failed);
  return failed ? 1 : 0;
}
#endif  // ADGEN_DRIVER''' % (args.points, args.seed, flags,
                             args.seed, args.seed))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
