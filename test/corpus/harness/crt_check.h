// crt_check.h: the checks of crt.h (included from there).
//
// Per point: slots drawn in a box, integers one value; y = F(x) is the
// return value followed by the final values of the writable active slots.
// For two random directions v over the active slots:
//   jvp:  f_jvp's output tangent against (4 D(h/4) - D(h/2)) / 3, where
//         D(h) = (F(x + h v) - F(x - h v)) / 2h, and the same from h, h/2;
//   grad: <x_bar, v> against <w, that difference> for a random seed w;
//   dot:  <w, J v> from f_jvp against <x_bar, v> from f_grad.
// A comparison passes within tolerance, fails only when both difference
// estimates agree with each other and not with the derivative, and is
// inconclusive otherwise (a kink or jump inside the steps, overflow).
#pragma once

namespace crt {

enum Verdict { Pass, Fail, Inconclusive };

struct Tally {
  int pass = 0, fail = 0, inc = 0;
  void add(Verdict v) { (v == Pass ? pass : v == Fail ? fail : inc)++; }
};

struct Report {
  Tally jvp, grad, dot, value;
  int skipped = 0, points = 0, invalid = 0, invalid_fail = 0;
  std::string first;
  std::string invalid_first;  // the first mismatch at an FE_INVALID point     // the first failure, in words
  std::string where;     // the point being checked, for notes
  void note(const std::string &s) { if (first.empty()) first = s + " at " + where; }
};

struct Tol {
  double pass, fail, h, dot;
};

inline bool finite(const std::vector<double> &v) {
  for (double e : v) if (!std::isfinite(e)) return false;
  return true;
}

/// Verdict of AD value a against difference estimates r1 (steps h, h/2)
/// and r2 (h/2, h/4) with y the function value there (for round-off).
/// d3 is a plain central difference at a 64 times smaller step: where it
/// disagrees with r2 the function is not smooth at the scale of the steps
/// (a chaotic iteration, a kink), and a mismatch proves nothing.
inline Verdict judge(double a, double r1, double r2, double d3, double y,
                     const Tol &t, double *err) {
  double scale = 1 + std::fabs(r2) + std::fabs(a) + 1e-3 * std::fabs(y);
  *err = std::fabs(a - r2) / scale;
  if (!std::isfinite(r1) || !std::isfinite(r2)) return Inconclusive;
  bool smooth = std::isfinite(d3) && std::fabs(d3 - r2) <= std::max(1e-4, 10 * t.fail) * scale;
  if (!std::isfinite(a)) return smooth ? Fail : Inconclusive;
  if (*err <= t.pass) return Pass;
  bool agree = std::fabs(r1 - r2) <= t.pass * scale && smooth;
  return agree && *err > t.fail ? Fail : Inconclusive;
}

inline Verdict worst(Verdict a, Verdict b) {
  if (a == Fail || b == Fail) return Fail;
  if (a == Inconclusive || b == Inconclusive) return Inconclusive;
  return Pass;
}

inline std::string fmt(const char *f, double a, double b) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

template <class A> struct Checker {
  const Fn<A> &fn;
  const Opts &o;
  Report r;
  std::vector<unsigned char> flags;
  std::vector<std::size_t> act, outs;
  long ival = 3;
  double lo = -1, hi = 1;

  Checker(const Fn<A> &f, const Opts &op) : fn(f), o(op) {}

  void setup(Ctx &c) {
    c.ival = ival; c.buf = o.buf; c.sbuf = o.sbuf; c.vec = o.vec;
  }
  /// Storage made from slot values x (ints from this point).
  void make(Ctx &c, A &a, const std::vector<double> &x) {
    setup(c);
    c.vals = const_cast<std::vector<double> *>(&x);
    fn.walk(c, a);
  }
  std::vector<double> read(A &a) {
    Ctx c; setup(c);
    std::vector<double> out;
    c.make = false; c.out = &out;
    // Reading walks pointers through the extents recorded when making.
    fn.walk(c, a);
    return out;
  }
  std::vector<double> outputs(double ret, const std::vector<double> &st) {
    std::vector<double> y;
    if (fn.has_ret) y.push_back(ret);
    for (std::size_t i : outs) y.push_back(st.size() > i ? st[i] : NAN);
    return y;
  }
  std::vector<double> eval(const std::vector<double> &x) {
    Ctx c; A a; make(c, a, x);
    double ret = 0;
    fn.primal(a, &ret);
    return outputs(ret, readWith(c, a));
  }
  std::vector<double> readWith(Ctx &made, A &a) {
    std::vector<double> out;
    made.make = false; made.out = &out; made.pos = 0;
    fn.walk(made, a);
    return out;
  }
  bool inval = false;     // the primal raised FE_INVALID at this point
  void point(int p, Rng &rng);
  void pointAt(int p, Rng &rng);
};

// A point where the primal itself raises FE_INVALID (sqrt of a negative
// pressure that fmin then discards) is outside the function's domain: it is
// checked, but its verdicts go to invalid/invalid_fail, not to the tallies
// the status is made from, and the first mismatch there is kept apart.
template <class A> void Checker<A>::point(int p, Rng &rng) {
  Report saved = r;
  r.first.clear();
  inval = false;
  pointAt(p, rng);
  if (inval) {
    int fails = r.jvp.fail + r.grad.fail + r.dot.fail + r.value.fail -
                (saved.jvp.fail + saved.grad.fail + saved.dot.fail + saved.value.fail);
    std::string first = r.first;
    r = saved;
    ++r.skipped; ++r.invalid;
    if (fails) {
      ++r.invalid_fail;
      if (r.invalid_first.empty()) r.invalid_first = first;
    }
  } else if (!saved.first.empty()) {
    r.first = saved.first;
  }
}

template <class A> void Checker<A>::pointAt(int p, Rng &rng) {
  static const long cyc[] = {3, 2, 1};
  ival = o.ints ? o.ints : cyc[p % 3];
  bool pos = o.domain == 1 || p % 2 == 0;
  lo = pos ? 0.3 : -1.6; hi = pos ? 1.7 : 1.6;
  if (o.domain == 2) { lo = 0.05; hi = 0.95; }
  lo *= o.scale; hi *= o.scale;
  std::vector<double> x0;
  flags.clear();
  {
    Ctx c; setup(c);
    c.layout = true; c.rng = &rng; c.lo = lo; c.hi = hi;
    c.vals = &x0; c.flags = &flags;
    A a; fn.walk(c, a);
  }
  act.clear(); outs.clear();
  bool f32 = fn.ret_float;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (!(flags[i] & Active)) continue;
    act.push_back(i);
    if (flags[i] & Writable) outs.push_back(i);
    if (flags[i] & Float32) f32 = true;
  }
  Tol t = f32 ? Tol{2e-3, 1e-2, 1e-2, 1e-4} : Tol{1e-6, 1e-5, 1e-3, 1e-9};
  if (o.dottol > 0) t.dot = o.dottol;
  {
    char buf[64];
    r.where = "point " + std::to_string(p) + " ints=" + std::to_string(ival) + " x=[";
    for (std::size_t k = 0; k < act.size() && k < 6; ++k) {
      std::snprintf(buf, sizeof buf, "%s%.17g", k ? ", " : "", x0[act[k]]);
      r.where += buf;
    }
    r.where += act.size() > 6 ? ", ...]" : "]";
  }
  std::printf("STAGE primal\n"); std::fflush(stdout);
  std::feclearexcept(FE_ALL_EXCEPT);
  std::vector<double> y0 = eval(x0);
  inval = std::fetestexcept(FE_INVALID) != 0;
  if (act.empty() || y0.empty() || !finite(y0)) { ++r.skipped; return; }
  ++r.points;
  std::vector<double> w(y0.size());
  for (double &e : w) e = rng.uniform(-1, 1);
  // Adjoints: input-only slots start at a random c (they accumulate),
  // written slots at their seed (their final value's cotangent).
  std::vector<double> b0(x0.size(), 0.0), cst(x0.size(), 0.0), xbar;
  for (std::size_t k = 0, j = fn.has_ret; k < act.size(); ++k) {
    std::size_t i = act[k];
    if (flags[i] & Writable) b0[i] = w[j++];
    else b0[i] = cst[i] = rng.uniform(-1, 1);
  }
  if (o.modes & 2) {
    Ctx ca, cb; A a, b;
    make(ca, a, x0); make(cb, b, b0);
    // the accumulated-into start values as stored (rounded to the slot type)
    std::vector<double> bpre = readWith(cb, b);
    for (std::size_t i : act)
      if (!(flags[i] & Writable)) cst[i] = bpre[i];
    double ret = 0;
    std::printf("STAGE grad\n"); std::fflush(stdout);
    fn.grad(a, b, fn.has_ret ? w[0] : 0.0, &ret);
    std::vector<double> yv = outputs(ret, readWith(ca, a));
    std::vector<double> bs = readWith(cb, b);
    for (std::size_t i = 0; i < y0.size(); ++i) {
      double e = std::fabs(yv[i] - y0[i]) / (1 + std::fabs(y0[i]));
      bool ok = e <= (f32 ? 1e-4 : 1e-9) || (std::isnan(yv[i]) && std::isnan(y0[i]));
      r.value.add(ok ? Pass : Fail);
      if (!ok) r.note(fmt("f_grad value %.17g, f gives %.17g", yv[i], y0[i]));
    }
    xbar.assign(x0.size(), 0.0);
    for (std::size_t i : act) xbar[i] = (bs.size() > i ? bs[i] : NAN) - cst[i];
  }
  for (int dir = 0; dir < 2; ++dir) {
    std::vector<double> v(x0.size(), 0.0);
    for (std::size_t i : act) v[i] = rng.uniform(-1, 1);
    auto at = [&](double h) {
      std::vector<double> x = x0;
      for (std::size_t i : act) x[i] += h * v[i];
      return eval(x);
    };
    std::printf("STAGE primal\n"); std::fflush(stdout);
    double h = t.h * o.scale;
    std::vector<double> d[3];
    bool fdok = true;
    for (int k = 0; k < 3; ++k, h /= 2) {
      std::vector<double> yp = at(h), ym = at(-h);
      d[k].resize(y0.size());
      for (std::size_t i = 0; i < y0.size(); ++i) d[k][i] = (yp[i] - ym[i]) / (2 * h);
      fdok = fdok && finite(d[k]);
    }
    std::vector<double> d3(y0.size());
    {
      double hs = t.h * o.scale / 64;
      std::vector<double> yp = at(hs), ym = at(-hs);
      for (std::size_t i = 0; i < y0.size(); ++i) d3[i] = (yp[i] - ym[i]) / (2 * hs);
    }
    std::vector<double> r1(y0.size()), r2(y0.size());
    for (std::size_t i = 0; i < y0.size(); ++i) {
      r1[i] = (4 * d[1][i] - d[0][i]) / 3;
      r2[i] = (4 * d[2][i] - d[1][i]) / 3;
    }
    std::vector<double> ydot;
    if (o.modes & 1) {
      Ctx ca, cd; A a, dd;
      make(ca, a, x0); make(cd, dd, v);
      double ret = 0, rd = 0;
      std::printf("STAGE jvp\n"); std::fflush(stdout);
      fn.jvp(a, dd, &ret, &rd);
      std::vector<double> yv = outputs(ret, readWith(ca, a));
      std::vector<double> ds = readWith(cd, dd);
      ydot = outputs(rd, ds);
      Verdict vv = Pass, vj = Pass;
      for (std::size_t i = 0; i < y0.size(); ++i) {
        double e = std::fabs(yv[i] - y0[i]) / (1 + std::fabs(y0[i]));
        if (!(e <= (f32 ? 1e-4 : 1e-9)) && !(std::isnan(yv[i]) && std::isnan(y0[i]))) {
          vv = Fail;
          r.note(fmt("f_jvp value %.17g, f gives %.17g", yv[i], y0[i]));
        }
        double err;
        Verdict vi = fdok ? judge(ydot[i], r1[i], r2[i], d3[i], y0[i], t, &err) : Inconclusive;
        if (vi == Fail)
          r.note("jvp output " + std::to_string(i) + ": " +
                 fmt("AD %.12g, finite differences %.12g", ydot[i], r2[i]));
        vj = worst(vj, vi);
      }
      r.value.add(vv);
      r.jvp.add(vj);
    }
    if (o.modes & 2) {
      double lhs = 0, rfd1 = 0, rfd2 = 0, rfd3 = 0, ys = 0, mag = 0;
      for (std::size_t i : act) { lhs += xbar[i] * v[i]; mag += std::fabs(xbar[i] * v[i]); }
      for (std::size_t i = 0; i < y0.size(); ++i) {
        rfd1 += w[i] * r1[i]; rfd2 += w[i] * r2[i]; rfd3 += w[i] * d3[i];
        ys += std::fabs(w[i] * y0[i]);
      }
      double err;
      Verdict vg = fdok ? judge(lhs, rfd1, rfd2, rfd3, ys, t, &err) : Inconclusive;
      if (vg == Fail)
        r.note("grad <x_bar, v> " + fmt("%.12g, finite differences <w, Jv> %.12g", lhs, rfd2));
      r.grad.add(vg);
      if (!ydot.empty()) {
        double rhs = 0, m2 = 0;
        for (std::size_t i = 0; i < y0.size(); ++i) { rhs += w[i] * ydot[i]; m2 += std::fabs(w[i] * ydot[i]); }
        // Relative to the terms summed, with a floor at the function's own
        // scale: a derivative that is zero identically (|v/|v||^2) comes out
        // of both modes as round-off, 3e-17 against 3.4e-17.
        bool ok = std::fabs(lhs - rhs) <= t.dot * (mag + m2) + 1e-2 * t.dot * (1 + ys);
        r.dot.add(ok ? Pass : Fail);
        if (!ok) r.note("dot test <x_bar, v> " + fmt("%.17g vs <w, J v> %.17g", lhs, rhs));
      }
    }
  }
}

inline std::string esc(const std::string &in) {
  std::string s;
  for (char c : in) {
    if (c == '"' || c == '\\') s += '\\';
    s += c;
  }
  return s;
}

inline void json_tally(const char *k, const Tally &t) {
  std::printf("\"%s\": [%d, %d, %d], ", k, t.pass, t.fail, t.inc);
}

template <class A> int check(const Fn<A> &fn, const Opts &o) {
  Checker<A> ch(fn, o);
  Rng rng(0xC0FFEE ^ std::hash<std::string>()(fn.name));
  for (int p = 0; p < o.points; ++p) ch.point(p, rng);
  std::string s = esc(ch.r.first);
  std::printf("CRT {\"name\": \"%s\", ", fn.name);
  json_tally("jvp", ch.r.jvp); json_tally("grad", ch.r.grad);
  json_tally("dot", ch.r.dot); json_tally("value", ch.r.value);
  std::printf("\"points\": %d, \"skipped\": %d, \"invalid\": %d, \"invalid_fail\": %d, "
              "\"invalid_first\": \"%s\", \"slots\": %zu, \"active\": %zu, "
              "\"outputs\": %zu, \"first\": \"%s\"}\n",
              ch.r.points, ch.r.skipped, ch.r.invalid, ch.r.invalid_fail,
              esc(ch.r.invalid_first).c_str(), ch.flags.size(), ch.act.size(),
              ch.outs.size() + fn.has_ret, s.c_str());
  return 0;
}

} // namespace crt
