"""The C++ of the checking driver shared by every function of a file."""

PRELUDE = r'''
#ifdef ADGEN_DRIVER
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace fz {

struct Rng {
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (double(next() >> 11) * (1.0 / 9007199254740992.0));
  }
  int integer(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

using Vec = std::vector<double>;
typedef void (*SampleFn)(Rng &, double *);
typedef void (*EvalFn)(const double *, double *);
typedef void (*JvpFn)(const double *, const double *, double *, double *);
typedef void (*GradFn)(const double *, const double *, double *, double *);
typedef std::string (*DescribeFn)();

struct Case {
  const char *name, *src, *xnames, *ynames;
  int nx, ny;
  const char *accum;  // per input: '1' when its adjoint accumulates (not a written array)
  int fp32;           // 1: a float function (float tolerances, FD of its double
                      // twin); 2: a double one with float subexpressions
  SampleFn sample;
  EvalFn eval;     // f itself
  EvalFn eval_fd;  // what finite differences difference: f, or its double twin
  JvpFn jvp;
  GradFn grad;
  DescribeFn describe;
};

struct Stats {
  long points = 0, skipped_points = 0, checks = 0, inconclusive = 0;
} stats;

static const char *g_repro = "";

// The first int member of a shadow (s_dot, s_bar) a derivative function
// changed: they are passive, so f_jvp and f_grad must leave them alone.
static std::string g_touched;
static long g_touched_got, g_touched_want, g_untouched_calls;

inline void untouched(const char *what, long got, long want) {
  ++g_untouched_calls;
  if (got != want && g_touched.empty()) {
    g_touched = std::string(" ") + what;
    g_touched_got = got, g_touched_want = want;
  }
}

// Reports a changed passive member after a call of f_jvp or f_grad.
#define FZ_CHECK_UNTOUCHED(c, what, X, W)                                     \
  do {                                                                       \
    if (g_untouched_calls) ++stats.checks;                                   \
    g_untouched_calls = 0;                                                   \
    if (!g_touched.empty()) {                                                \
      report(c, what " wrote the int member of a shadow", g_touched,        \
             double(g_touched_got), double(g_touched_want), X, nullptr, W);  \
      g_touched.clear();                                                     \
      return 1;                                                              \
    }                                                                        \
  } while (0)
static int g_printed = 0;

inline std::string vecstr(const double *v, int n) {
  std::string s = "{";
  char buf[64];
  for (int i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? ", " : "", v[i]);
    s += buf;
  }
  return s + "}";
}

inline bool finite_all(const Vec &v, double bound) {
  for (double x : v)
    if (!std::isfinite(x) || std::fabs(x) > bound) return false;
  return true;
}

inline void report(const Case &c, const char *what, const std::string &detail,
                   double got, double want, const Vec &X, const Vec *V,
                   const Vec *W) {
  std::printf("FAIL %s: %s%s\n  got  %.17g\n  want %.17g\n", c.name, what,
              detail.c_str(), got, want);
  std::printf("  inputs %s = %s\n", c.xnames, vecstr(X.data(), c.nx).c_str());
  std::printf("  passive %s\n", c.describe().c_str());
  if (V) std::printf("  direction = %s\n", vecstr(V->data(), c.nx).c_str());
  if (W) std::printf("  cotangent %s = %s\n", c.ynames, vecstr(W->data(), c.ny).c_str());
  if (g_printed++ < 3)
    std::printf("---- source of %s (%s) ----\n%s---- end ----\n", c.name, g_repro, c.src);
}

// Central differences of Y along dir at steps h and h/2 for h in H[]: per
// step, the Richardson estimate and |D(h) - D(h/2)|.
static const double H[3] = {1e-3, 1e-4, 1e-5};

// Tolerances, for double and for float functions.
struct Tol {
  double fd_rel, fd_abs;    // AD vs finite differences: agreement
  double fd_consistent;     // two FD estimates agree (the FD is trustworthy)
  double fd_disagree;       // AD differs from trustworthy FD: a failure
  double value, accum, dot; // value equality, accumulation, dot-product test
};
// Values are compared to 1e-9, not exactly, and (as is the dot-product test)
// to 1e-6 in double functions with float subexpressions (std::cos((float)k)):
// g++ -O1 folds float math calls of constants correctly rounded where libm
// may be an ulp off, so f, f_jvp and f_grad may differ in the last bit of a
// float subexpression.
static const Tol T64 = {1e-6, 1e-8, 1e-5, 1e-4, 1e-9, 1e-10, 1e-9};
static const Tol T32 = {2e-3, 1e-4, 1e-5, 1e-2, 1e-5, 1e-4, 1e-4};
static const Tol T64F = {1e-6, 1e-8, 1e-5, 1e-4, 1e-6, 1e-10, 1e-6};
static const Tol *tol = &T64;
struct FdTable {
  Vec R[3], delta[3];
  bool ok[3];
  bool smooth[3];  // no step function changes its value between X - h dir and X + h dir
};

// The values of the step functions (floor, ceil, trunc, round, nearbyint)
// one evaluation computes, hashed: the twin that finite differences
// evaluate calls them through step(). Where they differ between the two
// sides of a central difference, the difference crosses their jumps (a
// floor of a huge argument crosses thousands and looks like a slope), so it
// says nothing about the derivative (0 almost everywhere).
struct StepLog {
  std::uint64_t hash = 0;
  long calls = 0;
} g_steps;

template <class T> inline T step(T v) {
  double d = double(v);
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  g_steps.hash = (g_steps.hash ^ bits) * 0x100000001b3ull;
  ++g_steps.calls;
  return v;
}
// std::floor(x) keeps x's type, floorf is float, C's floor is double.
#define FZ_STEP_FN(fn)                                                       \
  template <class T> inline auto std_##fn(T x) { return step(std::fn(x)); }  \
  inline float fn##f_(float x) { return step(fn##f(x)); }                    \
  inline double c_##fn(double x) { return step(fn(x)); }
FZ_STEP_FN(floor)
FZ_STEP_FN(ceil)
FZ_STEP_FN(trunc)
FZ_STEP_FN(round)
FZ_STEP_FN(nearbyint)
#undef FZ_STEP_FN

// Evaluates the function that finite differences difference at X + h dir,
// returning the step functions' log.
inline StepLog eval_logged(const Case &c, const double *X, double *Y) {
  g_steps = StepLog();
  c.eval_fd(X, Y);
  return g_steps;
}

inline void fd_table(const Case &c, const Vec &X, const Vec &dir, FdTable &t) {
  Vec Xp(c.nx), Yp(c.ny), Ym(c.ny), D1(c.ny), D2(c.ny);
  for (int s = 0; s < 3; ++s) {
    t.ok[s] = t.smooth[s] = true;
    Vec *D[2] = {&D1, &D2};
    for (int half = 0; half < 2; ++half) {
      double h = H[s] / (half ? 2.0 : 1.0);
      for (int i = 0; i < c.nx; ++i) Xp[i] = X[i] + h * dir[i];
      StepLog plus = eval_logged(c, Xp.data(), Yp.data());
      for (int i = 0; i < c.nx; ++i) Xp[i] = X[i] - h * dir[i];
      StepLog minus = eval_logged(c, Xp.data(), Ym.data());
      if (plus.hash != minus.hash || plus.calls != minus.calls) t.smooth[s] = false;
      if (!finite_all(Yp, 1e12) || !finite_all(Ym, 1e12)) t.ok[s] = false;
      for (int k = 0; k < c.ny; ++k) (*D[half])[k] = (Yp[k] - Ym[k]) / (2 * h);
    }
    t.R[s].resize(c.ny);
    t.delta[s].resize(c.ny);
    for (int k = 0; k < c.ny; ++k) {
      t.R[s][k] = (4 * D2[k] - D1[k]) / 3;
      t.delta[s][k] = std::fabs(D1[k] - D2[k]);
    }
  }
}

// 0: agrees; 1: disagrees, and the differences are trustworthy (at two step
// sizes the halved step changes little, the two Richardson estimates agree
// and no step function changes its value within the steps); 2: inconclusive
// (a kink or a jump within the steps, or a function too wild for
// differences).
inline int fd_verdict(double ad, const FdTable &t, int k, const Vec *w,
                      double scale, double *fd, std::string *why) {
  double R[3], delta[3];
  bool disagrees[3];
  *fd = NAN;
  char buf[200];
  for (int s = 0; s < 3; ++s) {
    R[s] = NAN, delta[s] = NAN, disagrees[s] = false;
    if (!t.ok[s]) continue;
    R[s] = 0, delta[s] = 0;
    if (w) {
      for (int j = 0; j < (int)w->size(); ++j) {
        R[s] += (*w)[j] * t.R[s][j];
        delta[s] += std::fabs((*w)[j]) * t.delta[s][j];
      }
    } else {
      R[s] = t.R[s][k];
      delta[s] = t.delta[s][k];
    }
    if (s == 1 || std::isnan(*fd)) *fd = R[s];
    double err = std::fabs(ad - R[s]);
    if (err <= tol->fd_rel * (std::fabs(ad) + std::fabs(R[s])) + tol->fd_abs * scale) return 0;
    disagrees[s] = !std::isfinite(ad) || 10 * delta[s] < err;
    std::snprintf(buf, sizeof buf, "\n  h=%g: FD %.17g (|D(h)-D(h/2)| = %.3g)%s", H[s], R[s], delta[s],
                  t.smooth[s] ? "" : " across a jump of floor/ceil/trunc/round");
    *why += buf;
  }
  for (int s = 0; s < 2; ++s)
    for (int s2 = s + 1; s2 < 3; ++s2)
      if (disagrees[s] && disagrees[s2] && t.smooth[s] && t.smooth[s2] &&
          std::fabs(R[s] - R[s2]) <= tol->fd_consistent * (std::fabs(R[s]) + std::fabs(R[s2])) + tol->fd_abs * scale &&
          std::fabs(ad - R[s]) > tol->fd_disagree * (std::fabs(R[s]) + std::fabs(ad)) + 10 * tol->fd_abs * scale)
        return 1;
  return 2;
}

// A float function's derivative is only as good as its conditioning allows:
// float rounding inside f moves its values by ~1e-7 relative, and where the
// derivative is that sensitive (d/dx cos(x*x) at large x) float AD and the
// double twin's differences part ways without any bug. Before calling a
// float mismatch a failure, difference the twin again at a point moved by
// 1e-5 relative: if the estimate moves too, the comparison says nothing.
inline bool ill_conditioned(const Case &c, const Vec &X, const Vec &dir, int k,
                            const Vec *w, double R, Rng &rng) {
  Vec Xp(X);
  for (int i = 0; i < c.nx; ++i)
    Xp[i] += 1e-5 * (1 + std::fabs(X[i])) * (rng.uniform(0, 1) < 0.5 ? -1 : 1);
  FdTable t;
  fd_table(c, Xp, dir, t);
  if (!t.ok[1]) return true;
  double R2 = 0;
  if (w)
    for (int j = 0; j < (int)w->size(); ++j) R2 += (*w)[j] * t.R[1][j];
  else
    R2 = t.R[1][k];
  return !(std::fabs(R2 - R) <= 1e-3 * (std::fabs(R) + std::fabs(R2)));
}

inline bool same(double a, double b) {
  return a == b || std::fabs(a - b) <= tol->value * (std::fabs(a) + std::fabs(b));
}

inline int run_case(const Case &c, std::uint64_t seed, int points) {
  Rng rng(seed);
  tol = c.fp32 == 1 ? &T32 : c.fp32 == 2 ? &T64F : &T64;
  int nx = c.nx, ny = c.ny;
  Vec X(nx), V(nx), U(nx), W(ny), Y0(ny), Y1(ny), JV(ny), G(nx), G2(nx), B(nx);
  char buf[160];
  for (int p = 0; p < points; ++p) {
    c.sample(rng, X.data());
    for (int i = 0; i < nx; ++i) V[i] = rng.uniform(-1, 1), U[i] = rng.uniform(-1, 1);
    for (int k = 0; k < ny; ++k) W[k] = rng.uniform(-1, 1);
    // Skip points where f overflows or goes invalid, even in values that do
    // not reach its outputs (their adjoints would be inf * 0).
    std::feclearexcept(FE_ALL_EXCEPT);
    c.eval(X.data(), Y0.data());
    bool wild = std::fetestexcept(FE_OVERFLOW | FE_INVALID | FE_DIVBYZERO);
    if (wild || !finite_all(Y0, 1e8)) { ++stats.skipped_points; continue; }
    ++stats.points;
    double yscale = 1;
    for (double y : Y0) yscale += std::fabs(y);
    // (d) values.
    c.jvp(X.data(), V.data(), Y1.data(), JV.data());
    FZ_CHECK_UNTOUCHED(c, "f_jvp", X, nullptr);
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      if (!same(Y1[k], Y0[k])) {
        std::snprintf(buf, sizeof buf, " output %d", k);
        report(c, "value of f_jvp differs from f", buf, Y1[k], Y0[k], X, nullptr, nullptr);
        return 1;
      }
    }
    for (int i = 0; i < nx; ++i) G[i] = 0;
    c.grad(X.data(), W.data(), Y1.data(), G.data());
    FZ_CHECK_UNTOUCHED(c, "f_grad", X, &W);
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      if (!same(Y1[k], Y0[k])) {
        std::snprintf(buf, sizeof buf, " output %d", k);
        report(c, "value of f_grad differs from f", buf, Y1[k], Y0[k], X, nullptr, &W);
        return 1;
      }
    }
    // The derivatives of a float function may overflow float where f does
    // not (a gradient of 1e52 at a wild point): nothing to check there.
    if (c.fp32 == 1 && std::fetestexcept(FE_OVERFLOW)) {
      --stats.points, ++stats.skipped_points;
      continue;
    }
    // Adjoints accumulate.
    for (int i = 0; i < nx; ++i) G2[i] = B[i] = c.accum[i] == '1' ? rng.uniform(-1, 1) : 0;
    c.grad(X.data(), W.data(), Y1.data(), G2.data());
    FZ_CHECK_UNTOUCHED(c, "f_grad", X, &W);
    for (int i = 0; i < nx; ++i) {
      ++stats.checks;
      double want = G[i] + B[i];
      if (!(std::fabs(G2[i] - want) <= tol->accum * (std::fabs(G[i]) + std::fabs(B[i])) + 1e-300)) {
        std::snprintf(buf, sizeof buf, " input %d (second call, *_bar preset to %.17g)", i, B[i]);
        report(c, "f_grad adjoints do not accumulate", buf, G2[i], want, X, nullptr, &W);
        return 1;
      }
    }
    if (std::getenv("FUZZ_DUMP")) {
      std::printf("%s point %d: f = %s\n  Jv = %s\n  J^T w = %s\n", c.name, p,
                  vecstr(Y0.data(), ny).c_str(), vecstr(JV.data(), ny).c_str(),
                  vecstr(G.data(), nx).c_str());
    }
    // (c) dot-product test.
    double lhs = 0, rhs = 0, mag = 0;
    for (int k = 0; k < ny; ++k) lhs += JV[k] * W[k], mag += std::fabs(JV[k] * W[k]);
    for (int i = 0; i < nx; ++i) rhs += V[i] * G[i], mag += std::fabs(V[i] * G[i]);
    ++stats.checks;
    if (!(std::fabs(lhs - rhs) <= tol->dot * mag + 1e-300)) {
      report(c, "dot-product test <J v, w> vs <v, J^T w>", "", lhs, rhs, X, &V, &W);
      return 1;
    }
    // A float function and its double twin must take the same path here,
    // or the differences of the twin say nothing about the float code.
    // Float rounding alone moves f by ~1e-7 relative (99% of the points of
    // seeds 1-4 under 2e-7); a different path (one more loop trip, another
    // branch) by more, often by less than 1e-3.
    if (c.fp32 == 1) {
      Vec Yd(ny);
      c.eval_fd(X.data(), Yd.data());
      bool same_path = true;
      for (int k = 0; k < ny; ++k)
        if (!(std::fabs(Yd[k] - Y0[k]) <= 1e-5 * (1 + std::fabs(Y0[k])))) same_path = false;
      if (!same_path) { stats.inconclusive += ny + 1; continue; }
    }
    // (a) jvp vs finite differences, per output.
    FdTable t;
    fd_table(c, X, V, t);
    for (int k = 0; k < ny; ++k) {
      ++stats.checks;
      double fd;
      std::string why;
      int v = fd_verdict(JV[k], t, k, nullptr, 1 + std::fabs(Y0[k]), &fd, &why);
      if (v == 1 && c.fp32 == 1 && ill_conditioned(c, X, V, k, nullptr, fd, rng)) v = 2;
      if (v == 2) ++stats.inconclusive;
      if (v == 2 && std::getenv("FUZZ_VERBOSE"))
        std::printf("inconclusive %s jvp output %d: AD %.17g%s\n", c.name, k, JV[k], why.c_str());
      if (v == 1) {
        std::snprintf(buf, sizeof buf, " output %d along the direction", k);
        report(c, "f_jvp vs finite differences", std::string(buf) + why, JV[k], fd, X, &V, nullptr);
        return 1;
      }
    }
    // (b) grad vs finite differences of phi = sum W*Y along U.
    double gu = 0;
    for (int i = 0; i < nx; ++i) gu += G[i] * U[i];
    fd_table(c, X, U, t);
    ++stats.checks;
    double fd;
    double wscale = 1;
    for (int k = 0; k < ny; ++k) wscale += std::fabs(W[k] * Y0[k]);
    std::string why;
    int v = fd_verdict(gu, t, 0, &W, wscale, &fd, &why);
    if (v == 1 && c.fp32 == 1 && ill_conditioned(c, X, U, 0, &W, fd, rng)) v = 2;
    if (v == 2) ++stats.inconclusive;
    if (v == 2 && std::getenv("FUZZ_VERBOSE"))
      std::printf("inconclusive %s grad: AD %.17g%s\n", c.name, gu, why.c_str());
    if (v == 1) {
      report(c, "f_grad: <grad phi, u> vs finite differences of phi = <w, f> along u", why, gu, fd, X, &U, &W);
      return 1;
    }
  }
  return 0;
}

}  // namespace fz
'''
