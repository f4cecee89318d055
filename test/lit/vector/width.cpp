// Vector forward mode (SPEC §8's width): K tangent directions per sweep,
// the primal computed once, each statement's K tangent updates in a loop.
// f_jvp with width(K) must give, bit for bit, what K calls of the scalar
// f_jvp give along the same directions (the arithmetic per lane is the
// same), for K = 1, 3, 8 and dynamic; over loops, branches, a local array,
// math calls, a helper (inlined) and an array the function writes.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s --emit=stats -o - | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

static double bump(double u, double a) {
  return u > 0 ? std::exp(-u * a) : std::sin(u) * a;
}

// The same body under several directives.
#define BODY                                                                   \
  double s = 0;                                                                \
  double t[4] = {0};                                                           \
  for (int i = 0; i < n; ++i) {                                                \
    double u = std::sin(x[i]) * a;                                             \
    t[i % 4] += u * x[i];                                                      \
    s += u > 0 ? u * u : -u;                                                   \
    out[i] = bump(u, a) + out[i] * 0.5;                                        \
  }                                                                            \
  for (int j = 0; j < 4; ++j)                                                  \
    s += t[j] * std::tanh(t[j]);                                               \
  return s / (1 + a * a);

#pragma adgen jvp(x, a) size(x, n) size(out, n)
double f(const double *x, double a, double *out, int n) { BODY }

#pragma adgen jvp(x, a) width(1) size(x, n) size(out, n)
double f1(const double *x, double a, double *out, int n) { BODY }

#pragma adgen jvp(x, a) width(3) size(x, n) size(out, n)
double f3(const double *x, double a, double *out, int n) { BODY }

#pragma adgen jvp(x, a) width(8) size(x, n) size(out, n)
double f8(const double *x, double a, double *out, int n) { BODY }

#pragma adgen jvp(x, a)
#pragma adgen width(dynamic) size(x, n) size(out, n)
double fdyn(const double *x, double a, double *out, int n) { BODY }

// Fixed extents need no size clause.
#pragma adgen jvp width(4)
double g(const double x[3], double y) {
  double p = 1;
  for (int i = 0; i < 3; ++i)
    p *= x[i] + y;
  return p;
}

// Tangent products per sweep: per direction, times K (the lane loops).
// STATS-LABEL: function f8_jvp (jvp w.r.t. x[?], a, out[?])
// STATS: tangent products per sweep: [[P8:[0-9]+]] ({{[0-9]+}} per direction x 8 directions)
// STATS: one sweep per 8 input scalars (extent unknown; give size(p, n))
// STATS-LABEL: function fdyn_jvp
// STATS: ({{[0-9]+}} per direction x adgen_width directions)
// STATS-LABEL: function g_jvp (jvp w.r.t. x[3], y)
// STATS: tangent products per sweep: 36 (9 per direction x 4 directions)
// STATS: full gradient by vector forward mode: 1 sweep of 4 directions = 36 tangent products

// K tangents per input: a scalar's as an array of K, an array's blocked
// as x_dot[k * n + i]; a run-time width first among the tangents.
// CHECK-LABEL: double f3_jvp(const double *x, double a, double *out, int n,
// CHECK: const double *x_dot, const double *a_dot,
// CHECK: double *out_dot, double *f3_dot) {
// CHECK: double s_dot[3] = {};
// CHECK: ADGEN_UNROLL(3)
// CHECK-NEXT: for (int k = 0; k < 3; ++k) {
// CHECK: = k * n;
// CHECK: x_dot[
// CHECK-LABEL: double fdyn_jvp(
// CHECK: int adgen_width, const double *x_dot,
// CHECK: const long [[K:v[0-9]+]] = static_cast<long>(adgen_width);
// CHECK-NEXT: adgen::Scratch<double> s_dot([[K]]);
// CHECK-NOT: static_cast<long>(adgen_width)
// CHECK-NOT: ADGEN_UNROLL
// CHECK: for (int k = 0; k < adgen_width; ++k) {
// CHECK-LABEL: double g_jvp(const double *x, double y, const double *x_dot,
// CHECK: const double *y_dot, double *g_dot) {
// CHECK: k * 3

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include <functional>
double f_jvp(const double *x, double a, double *out, int n,
             const double *x_dot, double a_dot, double *out_dot, double *f_dot);
double f1_jvp(const double *x, double a, double *out, int n,
              const double *x_dot, const double *a_dot, double *out_dot,
              double *f_dot);
double f3_jvp(const double *x, double a, double *out, int n,
              const double *x_dot, const double *a_dot, double *out_dot,
              double *f_dot);
double f8_jvp(const double *x, double a, double *out, int n,
              const double *x_dot, const double *a_dot, double *out_dot,
              double *f_dot);
double fdyn_jvp(const double *x, double a, double *out, int n,
                int adgen_width, const double *x_dot, const double *a_dot,
                double *out_dot, double *f_dot);
double g_jvp(const double *x, double y, const double *x_dot,
             const double *y_dot, double *g_dot);
using fd::Vec;
using VecJvp = std::function<double(const double *, double, double *, int,
                                    const double *, const double *, double *,
                                    double *)>;

// K directions through the vector jvp against K scalar jvps.
void compare(const std::string &name, int K, const VecJvp &vjvp,
             fd::Rng &rng) {
  for (int trial = 0; trial < 6; ++trial) {
    int n = 1 + (trial * 3) % 7;
    Vec x = rng.vec(n, -2, 2), out0 = rng.vec(n, -1, 1);
    double a = rng.uniform(-1.5, 1.5);
    Vec xd = rng.vec(K * n, -1, 1), ad = rng.vec(K, -1, 1),
        od = rng.vec(K * n, -1, 1);
    Vec outv = out0, odv = od, fdot(K);
    double v = vjvp(x.data(), a, outv.data(), n, xd.data(), ad.data(),
                    odv.data(), fdot.data());
    std::string p = fd::at(x);
    for (int k = 0; k < K; ++k) {
      Vec outs = out0, ods(od.begin() + k * n, od.begin() + (k + 1) * n);
      double fd1 = 0;
      double vs = f_jvp(x.data(), a, outs.data(), n, xd.data() + k * n, ad[k],
                        ods.data(), &fd1);
      std::string lane = name + " lane " + std::to_string(k);
      fd::check_equal(lane + " value", p, v, vs);
      fd::check_equal(lane + " f_dot", p, fdot[k], fd1);
      for (int i = 0; i < n; ++i) {
        fd::check_equal(lane + " out", p, outv[i], outs[i]);
        fd::check_equal(lane + " out_dot", p, odv[k * n + i], ods[i]);
      }
    }
    // And lane 0 against a central difference of the primal.
    auto L = [&](double t) {
      Vec xx = x, oo = out0;
      for (int i = 0; i < n; ++i)
        xx[i] += t * xd[i];
      return f(xx.data(), a + t * ad[0], oo.data(), n);
    };
    fd::check_close(name + " f_dot vs central difference", p, fdot[0],
                    fd::central(L, 0.0, 1e-6), 1e-6, 1e-7);
  }
}

int main() {
  fd::Rng rng(23);
  compare("width(1)", 1, f1_jvp, rng);
  compare("width(3)", 3, f3_jvp, rng);
  compare("width(8)", 8, f8_jvp, rng);
  for (int K : {1, 2, 5, 13})
    compare("width(dynamic) K=" + std::to_string(K), K,
            [K](const double *x, double a, double *out, int n,
                const double *xd, const double *ad, double *od, double *fd) {
              return fdyn_jvp(x, a, out, n, K, xd, ad, od, fd);
            },
            rng);
  // g: four directions at once against the analytic derivative.
  for (int trial = 0; trial < 5; ++trial) {
    Vec x = rng.vec(3, -1, 1), xd = rng.vec(12, -1, 1), yd = rng.vec(4, -1, 1);
    double y = rng.uniform(-1, 1), gd[4];
    double v = g_jvp(x.data(), y, xd.data(), yd.data(), gd);
    fd::check_close("g value", fd::at(x), v, g(x.data(), y), 1e-15, 1e-15);
    for (int k = 0; k < 4; ++k) {
      double want = 0;
      for (int i = 0; i < 3; ++i) {
        double rest = 1;
        for (int j = 0; j < 3; ++j)
          if (j != i)
            rest *= x[j] + y;
        want += rest * (xd[k * 3 + i] + yd[k]);
      }
      fd::check_close("g lane " + std::to_string(k), fd::at(x), gd[k], want,
                      1e-13, 1e-13);
    }
  }
  return fd::finish();
}
#endif
