// The extended math list of SPEC §5 in double, both modes: lgamma (whose
// derivative is adgen::digamma from the runtime), tgamma, erfc, fma, fdim,
// copysign, fmod and remainder (∂/∂y = −n, recovered as round((x − r)/y)),
// the inverse hyperbolics, exp2 and the piecewise-constant roundings (zero
// derivative), plain and std::-qualified.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <math.h>

#pragma adgen jvp grad
double gam(double x, double y) {
  return std::lgamma(x) * y + tgamma(y) + std::erfc(x) * erf(y) + lgamma(-x);
}

#pragma adgen jvp grad
double mix(double x, double y, double z) {
  return std::fma(x, y, z) + fdim(x, y) + std::copysign(x, z) * y +
         std::fdim(z, x);
}

#pragma adgen jvp grad
double rem(double x, double y) {
  return std::fmod(x, y) + remainder(x, y) * y + std::fmod(x * x, 1.5);
}

#pragma adgen jvp grad
double hyp(double x) {
  return std::asinh(x) + acosh(x * x + 1.5) + std::atanh(x / 3) + exp2(x) +
         std::trunc(x) * x + std::round(x) + nearbyint(x * 2) + floor(x) +
         std::ceil(x) * x;
}

// CHECK-LABEL: ADGEN_HD double gam_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-DAG: std::lgamma(x)
// CHECK-DAG: std::tgamma(y)
// CHECK-DAG: adgen::digamma(x)
// CHECK-DAG: adgen::digamma(y)
// CHECK-DAG: std::erfc(x)
// CHECK: return
// CHECK-LABEL: ADGEN_HD double rem_grad(
// CHECK-DAG: std::fmod(x, y)
// CHECK-DAG: std::remainder(x, y)
// CHECK-DAG: std::round(
// CHECK: return
// CHECK-LABEL: ADGEN_HD double hyp_grad(
// CHECK-DAG: std::asinh(x)
// CHECK-DAG: std::acosh(
// CHECK-DAG: std::atanh(
// CHECK-DAG: std::exp2(x)
// CHECK-DAG: std::nearbyint(
// CHECK-DAG: 0.6931471805599453 *
// CHECK: return

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double gam_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double gam_grad(double x, double y, double *x_bar, double *y_bar, double f_bar);
double mix_jvp(double x, double y, double z, double x_dot, double y_dot,
               double z_dot, double *f_dot);
double mix_grad(double x, double y, double z, double *x_bar, double *y_bar,
                double *z_bar, double f_bar);
double rem_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double rem_grad(double x, double y, double *x_bar, double *y_bar, double f_bar);
double hyp_jvp(double x, double x_dot, double *f_dot);
double hyp_grad(double x, double *x_bar, double f_bar);
int main() {
  using fd::Vec;
  // lgamma(-x) with x in [0.3, 4] stays off the poles: x away from integers.
  fd::Rng pick(7);
  for (int k = 0; k < 20; ++k) {
    double x = pick.uniform(0.3, 4), y = pick.uniform(0.5, 3);
    if (std::fabs(x - std::round(x)) < 0.05)
      continue;
    fd::check_scalar_grad(k, 1, {{x, x}, {y, y}}, {0, 1},
        [](const Vec &a) { return gam(a[0], a[1]); },
        [](const Vec &a, const Vec &e, double *dot) {
          return gam_jvp(a[0], a[1], e[0], e[1], dot);
        },
        [](const Vec &a, double fbar, Vec &bar) {
          return gam_grad(a[0], a[1], &bar[0], &bar[1], fbar);
        });
  }
  fd::check_scalar_grad(2, 20, {{-2, 2}, {-2, 2}, {-2, 2}}, {0, 1, 2},
      [](const Vec &a) { return mix(a[0], a[1], a[2]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return mix_jvp(a[0], a[1], a[2], e[0], e[1], e[2], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return mix_grad(a[0], a[1], a[2], &bar[0], &bar[1], &bar[2], fbar);
      });
  fd::check_scalar_grad(3, 20, {{-5, 5}, {0.7, 1.9}}, {0, 1},
      [](const Vec &a) { return rem(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return rem_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return rem_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  fd::check_scalar_grad(4, 20, {{-2.9, 2.9}}, {0},
      [](const Vec &a) { return hyp(a[0]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return hyp_jvp(a[0], e[0], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return hyp_grad(a[0], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
