// The extended math list in float (f-suffixed and std:: spellings: float
// tangents, adjoints and constants) and in long double (l-suffixed and
// std::: long double all through, adgen::digamma at long double).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <math.h>

#pragma adgen jvp grad
float fl(float x, float y) {
  return lgammaf(x) * y + std::tgamma(y) + erfcf(x) + fmaf(x, y, 1.5f) +
         fdimf(x, y) + fmodf(x * 3.0f, y) + std::remainder(x, y) +
         copysignf(x, y - 1.0f) + asinhf(x) + acoshf(y + 1.5f) +
         atanhf(x / 5.0f) + exp2f(y) + truncf(x) + roundf(y) + nearbyintf(x);
}

#pragma adgen jvp grad
long double ld(long double x, long double y) {
  return lgammal(x) * y + std::tgamma(y) + erfcl(x) + fmal(x, y, 1.5L) +
         fdiml(x, y) + std::fmod(x * 3.0L, y) + remainderl(x, y) +
         copysignl(x, y - 1.0L) + std::asinh(x) + acoshl(y + 1.5L) +
         atanhl(x / 5.0L) + exp2l(y) + std::trunc(x) + roundl(y) +
         std::nearbyint(x) + std::sin(x) * expl(y) + sqrtl(x);
}

// CHECK-LABEL: ADGEN_HD float fl_grad(float x, float y, float *x_bar, float *y_bar,
// CHECK-NOT: double
// CHECK: std::lgamma(x)
// CHECK-NOT: double
// CHECK: adgen::digamma(x)
// CHECK-NOT: double
// CHECK: return
// CHECK-LABEL: ADGEN_HD float fl_jvp(
// CHECK-NOT: double
// CHECK: return
// CHECK-LABEL: ADGEN_HD long double ld_grad(long double x, long double y,
// CHECK-NOT: {{[^g] double|\(double}}
// CHECK: std::fma(x, y, 1.5L)
// CHECK-NOT: {{[^g] double|\(double}}
// CHECK: adgen::digamma(x)
// CHECK-NOT: {{[^g] double|\(double}}
// CHECK: return
// CHECK-LABEL: ADGEN_HD long double ld_jvp(
// CHECK-NOT: {{[^g] double|\(double}}
// CHECK: return

#ifdef ADGEN_DRIVER
#include "fd_check.h"
float fl_jvp(float x, float y, float x_dot, float y_dot, float *f_dot);
float fl_grad(float x, float y, float *x_bar, float *y_bar, float f_bar);
long double ld_jvp(long double x, long double y, long double x_dot,
                   long double y_dot, long double *f_dot);
long double ld_grad(long double x, long double y, long double *x_bar,
                    long double *y_bar, long double f_bar);

/// x in [0.3, 3] away from integers and from the jumps of fmod/remainder.
bool smooth(double x, double y) {
  auto away = [](double q, double d) {
    return std::fabs(q - std::round(q)) > d &&
           std::fabs(std::fabs(q - std::round(q)) - 0.5) > d;
  };
  return away(x, 0.05) && away(3 * x / y, 0.02) && away(x / y, 0.02) &&
         std::fabs(x - y) > 0.02 && std::fabs(y - 1) > 0.02 &&
         away(y, 0.02) && away(2 * x, 0.02);
}

int main() {
  using fd::Vec;
  fd::Rng pick(11);
  fd::GradTol ftol;
  ftol.fd_step = 1e-3, ftol.fd_rtol = 2e-3, ftol.fd_atol = 2e-3;
  ftol.dot_rtol = 1e-5, ftol.acc_rtol = 1e-5;
  for (int k = 0; k < 25; ++k) {
    float x = float(pick.uniform(0.3, 3)), y = float(pick.uniform(0.5, 2.5));
    if (!smooth(x, y))
      continue;
    fd::check_scalar_grad(k, 1, {{x, x}, {y, y}}, {0, 1},
        [](const Vec &a) { return double(fl(float(a[0]), float(a[1]))); },
        [](const Vec &a, const Vec &e, double *dot) {
          float d = 0;
          float v = fl_jvp(float(a[0]), float(a[1]), float(e[0]), float(e[1]),
                           &d);
          *dot = d;
          return double(v);
        },
        [](const Vec &a, double fbar, Vec &bar) {
          float b0 = float(bar[0]), b1 = float(bar[1]);
          float v = fl_grad(float(a[0]), float(a[1]), &b0, &b1, float(fbar));
          bar[0] = b0, bar[1] = b1;
          return double(v);
        },
        ftol);
  }
  for (int k = 0; k < 25; ++k) {
    double x = pick.uniform(0.3, 3), y = pick.uniform(0.5, 2.5);
    if (!smooth(x, y))
      continue;
    fd::check_scalar_grad(100 + k, 1, {{x, x}, {y, y}}, {0, 1},
        [](const Vec &a) { return double(ld(a[0], a[1])); },
        [](const Vec &a, const Vec &e, double *dot) {
          long double d = 0;
          long double v = ld_jvp(a[0], a[1], e[0], e[1], &d);
          *dot = double(d);
          return double(v);
        },
        [](const Vec &a, double fbar, Vec &bar) {
          long double b0 = bar[0], b1 = bar[1];
          long double v = ld_grad(a[0], a[1], &b0, &b1, fbar);
          bar[0] = double(b0), bar[1] = double(b1);
          return double(v);
        });
  }
  return fd::finish();
}
#endif
