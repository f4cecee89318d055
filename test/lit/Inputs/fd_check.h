// Finite-difference helpers for the tangent (JVP) lit tests.
//
// Header-only, deterministic: a splitmix64 RNG seeded per test, central
// differences with a step relative to the point, and a failure counter.
//   fd::Rng rng(42);  double x = rng.uniform(-2, 2);
//   fd::check_close("f/x", fd::at({x, y}), dot, fd::central([&](double t) {
//       return f(t, y); }, x));
//   fd::check_equal("f value", fd::at({x, y}), value, f(x, y));
//   return fd::finish();
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

namespace fd {

/// splitmix64: tiny, deterministic, good enough to pick test points.
struct Rng {
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi) {
    double u = double(next() >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
  }
  /// Uniform integer in [lo, hi].
  int integer(int lo, int hi) {
    return lo + int(next() % std::uint64_t(hi - lo + 1));
  }
  /// A vector of n uniform values.
  std::vector<double> vec(int n, double lo, double hi) {
    std::vector<double> v(n);
    for (double &e : v) e = uniform(lo, hi);
    return v;
  }
};

inline int &failures() { static int n = 0; return n; }
inline int &checks() { static int n = 0; return n; }

/// A step relative to the magnitude of the point.
inline double rel_step(double x, double rel = 1e-6) {
  return rel * std::max(1.0, std::fabs(x));
}

/// Central difference of g at x: (g(x+h) - g(x-h)) / (x+h - (x-h)), with the
/// step as actually represented.
template <class G> double central(G g, double x, double h = -1.0) {
  if (h <= 0) h = rel_step(x);
  volatile double xp = x + h, xm = x - h;
  return (g(xp) - g(xm)) / (xp - xm);
}

/// Central difference in float, for float functions (g takes a float).
template <class G> double central_f(G g, float x, float rel = 2e-3f) {
  float h = rel * std::max(1.0f, std::fabs(x));
  volatile float xp = x + h, xm = x - h;
  return (double(g(float(xp))) - double(g(float(xm)))) /
         (double(xp) - double(xm));
}

/// Directional derivative: g(t) evaluates the function at x + t*v.
template <class G> double directional(G g, double h = 1e-6) {
  return (g(h) - g(-h)) / (2.0 * h);
}

/// x + t*v, elementwise.
inline std::vector<double> axpy(const std::vector<double> &x, double t,
                                const std::vector<double> &v) {
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) r[i] = x[i] + t * v[i];
  return r;
}

/// "(a, b, c)" with full precision, to name a test point in messages.
inline std::string at(std::initializer_list<double> xs) {
  std::string s = "(";
  char buf[40];
  bool first = true;
  for (double x : xs) {
    std::snprintf(buf, sizeof buf, "%s%.17g", first ? "" : ", ", x);
    s += buf;
    first = false;
  }
  return s + ")";
}
inline std::string at(const std::vector<double> &xs) {
  std::string s = "[";
  char buf[40];
  for (std::size_t i = 0; i < xs.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? ", " : "", xs[i]);
    s += buf;
  }
  return s + "]";
}

/// |got - want| <= atol + rtol*|want|; NaN never passes.
inline bool check_close(const std::string &name, const std::string &point,
                        double got, double want, double rtol = 1e-6,
                        double atol = 1e-6) {
  ++checks();
  bool ok = std::fabs(got - want) <= atol + rtol * std::fabs(want);
  if (!ok) {
    ++failures();
    std::printf("FAIL %s at %s: got %.17g, want %.17g (diff %.3g)\n",
                name.c_str(), point.c_str(), got, want, got - want);
  }
  return ok;
}

/// Exact equality (the primal value a JVP returns must be the primal's).
inline bool check_equal(const std::string &name, const std::string &point,
                        double got, double want) {
  ++checks();
  bool ok = got == want || (std::isnan(got) && std::isnan(want));
  if (!ok) {
    ++failures();
    std::printf("FAIL %s at %s: got %.17g, want exactly %.17g\n",
                name.c_str(), point.c_str(), got, want);
  }
  return ok;
}

/// An array of n doubles (n <= 512) placed against an inaccessible page, so
/// that reading one element past its end (Side::End: p[n]) or before its
/// start (Side::Begin: p[-1]) faults instead of passing unnoticed.
class Guarded {
 public:
  enum Side { Begin, End };
  Guarded(const std::vector<double> &init, Side side) : n_(init.size()) {
    page_ = std::size_t(sysconf(_SC_PAGESIZE));
    base_ = static_cast<char *>(mmap(nullptr, 3 * page_,
                                     PROT_READ | PROT_WRITE,
                                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (base_ == MAP_FAILED || n_ * sizeof(double) > page_) {
      std::printf("fd::Guarded: cannot map %zu doubles\n", n_);
      std::abort();
    }
    mprotect(base_, page_, PROT_NONE);
    mprotect(base_ + 2 * page_, page_, PROT_NONE);
    char *data = base_ + page_;
    p_ = side == Begin ? reinterpret_cast<double *>(data)
                       : reinterpret_cast<double *>(data + page_) - n_;
    for (std::size_t i = 0; i < n_; ++i) p_[i] = init[i];
  }
  ~Guarded() { munmap(base_, 3 * page_); }
  Guarded(const Guarded &) = delete;
  Guarded &operator=(const Guarded &) = delete;
  double *data() { return p_; }
  double &operator[](std::size_t i) { return p_[i]; }

 private:
  std::size_t n_, page_;
  char *base_;
  double *p_;
};

using Vec = std::vector<double>;

/// The common driver for a function of scalars. At `count` seeded random
/// points of `box` (one [lo, hi] per input), for each input listed in
/// `active`: `jvp(x, e, &dot)` (the JVP along unit direction e) must return
/// `primal(x)` exactly, and `dot` must match a central difference.
template <class P, class J>
void check_scalar_jvp(std::uint64_t seed, int count,
                      const std::vector<std::pair<double, double>> &box,
                      const std::vector<std::size_t> &active, P primal,
                      J jvp) {
  Rng rng(seed);
  for (int k = 0; k < count; ++k) {
    Vec x;
    for (auto [lo, hi] : box) x.push_back(rng.uniform(lo, hi));
    std::string p = at(x);
    for (std::size_t i : active) {
      Vec e(x.size(), 0.0);
      e[i] = 1.0;
      double dot = 0;
      double v = jvp(x, e, &dot);
      check_equal("value", p, v, primal(x));
      check_close("d/dx" + std::to_string(i), p, dot, central([&](double t) {
                    Vec y = x;
                    y[i] = t;
                    return primal(y);
                  }, x[i]));
    }
  }
}

/// Prints the tally; the process exit code (nonzero on any failure).
inline int finish() {
  std::printf("%d checks, %d failures\n", checks(), failures());
  return failures() ? 1 : 0;
}

}  // namespace fd

// ---------------------------------------------------------------------------
// Reverse-mode (gradient) helpers for the lit adjoint tests.
//
// A function is seen as a map F: R^n -> R^m between flat vectors: x packs the
// active inputs (scalars, const-array elements, then the initial values of
// the arrays it writes), y packs the outputs (the return value, then the
// final values of the written arrays). Each test adapts f, f_jvp and f_grad
// to that view with three lambdas and calls fd::check_grad (or, for a
// function of scalars, fd::check_scalar_grad).
namespace fd {

/// sum a_i b_i, and sum |a_i b_i| (its scale, for tolerances).
inline double dot(const Vec &a, const Vec &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}
inline double dot_abs(const Vec &a, const Vec &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += std::fabs(a[i] * b[i]);
  return s;
}

/// The dot-product test <J xd, yb> == <xd, J^T yb>: relative to the larger of
/// the two sides and of the sums of |terms| (so cancellation cannot fail it).
inline bool check_dot_test(const std::string &name, const std::string &point,
                           double lhs, double rhs, double scale,
                           double rtol = 1e-10) {
  ++checks();
  double tol = rtol * std::max({std::fabs(lhs), std::fabs(rhs), scale, 1e-300});
  bool ok = std::fabs(lhs - rhs) <= tol;
  if (!ok) {
    ++failures();
    std::printf("FAIL %s at %s: <J xd, yb> = %.17g, <xd, J^T yb> = %.17g "
                "(diff %.3g, tol %.3g)\n", name.c_str(), point.c_str(), lhs,
                rhs, lhs - rhs, tol);
  }
  return ok;
}

/// Tolerances of check_grad: finite differences (relative step, and the
/// rtol/atol of the comparison), the dot-product test, and the accumulation
/// and seed-scaling checks. The defaults suit double code; a function
/// passing through float needs coarser ones.
struct GradTol {
  double fd_step = 1e-6, fd_rtol = 1e-6, fd_atol = 1e-6;
  double dot_rtol = 1e-10, acc_rtol = 1e-10;
};

/// Every reverse-mode check at one point x.
///   primal(x)         -> y
///   jvp(x, xd, &yd)   -> y   (yd: the tangent of y along xd)
///   grad(x, yb, &xb)  -> y   (yb seeds y; adds the cotangent of x to
///                             xb[0, n_acc) and overwrites xb[n_acc, n): a
///                             written array's out_bar is in/out, not summed)
/// Checks: y from jvp and from grad equals primal(x) exactly; xb against
/// central differences of <yb, F> (along two random directions, and per
/// component when n <= 12); the dot-product test tying jvp and grad
/// (rtol 1e-10); accumulation (xb prefilled with r, two calls: r + 2 xb on
/// [0, n_acc), xb on the rest); and linearity in the seed (s yb gives s xb).
template <class P, class J, class G>
void check_grad(const std::string &name, const std::string &point,
                const Vec &x, std::size_t n_acc, P primal, J jvp, G grad,
                Rng &rng, const GradTol &tol = GradTol()) {
  const std::size_t n = x.size();
  const Vec y0 = primal(x);
  const std::size_t m = y0.size();
  const Vec yb = rng.vec(int(m), -1, 1);
  auto same_y = [&](const char *what, const Vec &y) {
    for (std::size_t j = 0; j < m; ++j)
      check_equal(name + " " + what + " value y[" + std::to_string(j) + "]",
                  point, j < y.size() ? y[j] : NAN, y0[j]);
  };
  // One call of grad from zero adjoints.
  Vec xb(n, 0.0);
  same_y("grad", grad(x, yb, &xb));
  // Against central differences of L(x) = <yb, F(x)>.
  auto L = [&](const Vec &z) { return dot(yb, primal(z)); };
  double xmax = 0;
  for (double e : x) xmax = std::max(xmax, std::fabs(e));
  for (int d = 0; d < 2 && n > 0; ++d) {
    Vec v = rng.vec(int(n), -1, 1);
    check_close(name + " <grad, v" + std::to_string(d) + ">", point,
                dot(xb, v), directional([&](double t) {
                  return L(axpy(x, t, v)); }, rel_step(xmax, tol.fd_step)),
                tol.fd_rtol, tol.fd_atol);
  }
  if (n <= 12)
    for (std::size_t i = 0; i < n; ++i)
      check_close(name + " grad[" + std::to_string(i) + "]", point, xb[i],
                  central([&](double t) { Vec z = x; z[i] = t; return L(z); },
                          x[i], rel_step(x[i], tol.fd_step)),
                  tol.fd_rtol, tol.fd_atol);
  // The dot-product test.
  Vec xd = rng.vec(int(n), -1, 1), yd(m, 0.0);
  same_y("jvp", jvp(x, xd, &yd));
  check_dot_test(name + " dot-product test", point, dot(yd, yb), dot(xd, xb),
                 std::max(dot_abs(yd, yb), dot_abs(xd, xb)), tol.dot_rtol);
  // Accumulation: from r, two calls.
  Vec r = rng.vec(int(n), -1, 1), xb2 = r;
  grad(x, yb, &xb2);
  same_y("second grad", grad(x, yb, &xb2));
  for (std::size_t i = 0; i < n; ++i) {
    bool acc = i < n_acc;
    double want = acc ? r[i] + 2.0 * xb[i] : xb[i];
    check_close(name + (acc ? " r + 2 grad[" : " grad (not summed)[") +
                    std::to_string(i) + "]", point, xb2[i], want, tol.acc_rtol,
                tol.acc_rtol * 1e-2 *
                    (1.0 + std::fabs(r[i]) + 2.0 * std::fabs(xb[i])));
  }
  // Linearity in the seed.
  const double s = -2.5;
  Vec ybs = yb, xb3(n, 0.0);
  for (double &e : ybs) e *= s;
  grad(x, ybs, &xb3);
  for (std::size_t i = 0; i < n; ++i)
    check_close(name + " seed*" + std::to_string(s) + " grad[" +
                    std::to_string(i) + "]", point, xb3[i], s * xb[i],
                tol.acc_rtol, tol.acc_rtol * 1e-2 * (1.0 + std::fabs(s * xb[i])));
}

/// The driver for a function of scalars returning a double, like
/// check_scalar_jvp: at `count` seeded random points of `box`, check_grad with
/// x the inputs listed in `active`.
///   primal(a)             -> f(a...)
///   jvp(a, e, &dot)       -> f_jvp(a..., e[i] for active i..., dot)
///   grad(a, fbar, bar)    -> f_grad(a..., &bar[i] for active i..., fbar)
/// (a, e and bar are indexed like the parameters.)
template <class P, class J, class G>
void check_scalar_grad(std::uint64_t seed, int count,
                       const std::vector<std::pair<double, double>> &box,
                       const std::vector<std::size_t> &active, P primal,
                       J jvp, G grad, const GradTol &tol = GradTol()) {
  Rng rng(seed);
  for (int k = 0; k < count; ++k) {
    Vec a;
    for (auto [lo, hi] : box) a.push_back(rng.uniform(lo, hi));
    auto full = [&](const Vec &x) {
      Vec b = a;
      for (std::size_t j = 0; j < active.size(); ++j) b[active[j]] = x[j];
      return b;
    };
    Vec x;
    for (std::size_t i : active) x.push_back(a[i]);
    check_grad("f", at(a), x, x.size(),
        [&](const Vec &z) { return Vec{primal(full(z))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec e(a.size(), 0.0);
          for (std::size_t j = 0; j < active.size(); ++j) e[active[j]] = zd[j];
          return Vec{jvp(full(z), e, &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec bar(a.size(), 0.0);
          for (std::size_t j = 0; j < active.size(); ++j)
            bar[active[j]] = (*zb)[j];
          double v = grad(full(z), yb[0], bar);
          for (std::size_t j = 0; j < active.size(); ++j)
            (*zb)[j] = bar[active[j]];
          return Vec{v};
        },
        rng, tol);
  }
}

}  // namespace fd
