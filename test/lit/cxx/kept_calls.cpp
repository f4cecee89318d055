// Calls with only inactive arguments are kept as they are (SPEC §5
// "Calls"): functions of the math headers adgen does not differentiate
// (std::beta, std::ldexp, ::ilogb, std::lround, std::isnan, std::signbit)
// on integers or on values that do not depend on the active inputs, and
// math functions it does (std::lgamma of the GMM objective) where no
// derivative is needed. Integer and bool results of active arguments have
// no derivative and are kept too. Both modes, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <math.h>

#pragma adgen jvp grad
double gmm(double x, int m, const double *w) {
  double c = std::lgamma(0.5 * m) + std::beta(1.5, 0.5 * m) +
             std::ldexp(1.0, m) + ilogb(w[1]);
  if (std::isnan(x) || std::signbit(w[1]))
    return 0;
  long k = std::lround(x);
  return c * x * w[0] + static_cast<double>(k) * w[0] + std::ilogb(x);
}

#pragma adgen jvp grad
float scaled(float x, int e) {
  return std::ldexp(1.0f, e) * x + std::tgamma(static_cast<float>(e)) +
         ldexpf(1.5f, e);
}

// CHECK-LABEL: ADGEN_HD double gmm_grad(
// CHECK-DAG: std::lgamma(0.5 * static_cast<double>(m))
// CHECK-DAG: std::beta(1.5, 0.5 * static_cast<double>(m))
// CHECK-DAG: std::ldexp(1.0, m)
// CHECK-DAG: ::ilogb(w[1])
// CHECK-DAG: std::isnan(x)
// CHECK-DAG: std::signbit(w[1])
// CHECK-DAG: std::lround(x)
// CHECK-DAG: std::ilogb(x)
// CHECK: return
// CHECK-LABEL: ADGEN_HD float scaled_grad(
// CHECK: std::ldexp(1.0f, e)
// CHECK-NOT: digamma
// CHECK: return

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double gmm_jvp(double x, int m, const double *w, double x_dot,
               const double *w_dot, double *f_dot);
double gmm_grad(double x, int m, const double *w, double *x_bar,
                double *w_bar, double f_bar);
float scaled_jvp(float x, int e, float x_dot, float *f_dot);
float scaled_grad(float x, int e, float *x_bar, float f_bar);
int main() {
  using fd::Vec;
  fd::Rng pick(5);
  for (int k = 0; k < 20; ++k) {
    int m = pick.integer(1, 9);
    // x away from the jumps of lround (half-integers) and ilogb (powers of 2)
    double x = pick.uniform(0.6, 7.9);
    if (std::fabs(x - std::round(x)) > 0.45 || std::fabs(x - 1) < 0.01 ||
        std::fabs(x - 2) < 0.01 || std::fabs(x - 4) < 0.01)
      continue;
    fd::check_scalar_grad(k, 1, {{x, x}, {0.5, 2}, {0.5, 3}}, {0, 1, 2},
        [&](const Vec &a) { double w[2] = {a[1], a[2]}; return gmm(a[0], m, w); },
        [&](const Vec &a, const Vec &e, double *dot) {
          double w[2] = {a[1], a[2]}, wd[2] = {e[1], e[2]};
          return gmm_jvp(a[0], m, w, e[0], wd, dot);
        },
        [&](const Vec &a, double fbar, Vec &bar) {
          double w[2] = {a[1], a[2]}, wb[2] = {bar[1], bar[2]};
          double v = gmm_grad(a[0], m, w, &bar[0], wb, fbar);
          bar[1] = wb[0], bar[2] = wb[1];
          return v;
        });
  }
  fd::GradTol ftol;
  ftol.fd_step = 1e-3, ftol.fd_rtol = 1e-3, ftol.fd_atol = 1e-3;
  ftol.dot_rtol = 1e-5, ftol.acc_rtol = 1e-5;
  for (int e = 1; e <= 5; ++e)
    fd::check_scalar_grad(50 + e, 3, {{-2, 2}}, {0},
        [&](const Vec &a) { return double(scaled(float(a[0]), e)); },
        [&](const Vec &a, const Vec &d, double *dot) {
          float t = 0, v = scaled_jvp(float(a[0]), e, float(d[0]), &t);
          *dot = t;
          return double(v);
        },
        [&](const Vec &a, double fbar, Vec &bar) {
          float b = float(bar[0]);
          float v = scaled_grad(float(a[0]), e, &b, float(fbar));
          bar[0] = b;
          return double(v);
        },
        ftol);
  return fd::finish();
}
#endif
