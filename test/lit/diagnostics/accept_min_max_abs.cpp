// std::min, std::max, std::clamp and std::abs on doubles (and std::min and
// std::abs on ints) are lowered as the standard library defines them:
// min(a, b) = (b < a) ? b : a, max(a, b) = (a < b) ? b : a, abs as fabs.
// They were refused as "expression 'this assignment target ...'" and
// "call to 'abs' ... define 'abs' in this file". Both modes against finite
// differences, away from the kinks.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <algorithm>
#include <cmath>
#include <cstdlib>

#pragma adgen jvp grad
double f(double x, double y) {
  double lo = std::min(x, y), hi = std::max(x, 2.0 * y);
  double c = std::clamp(x * y, -1.0, 1.0);
  int m = std::min(3, std::abs(-5));
  return lo * hi + c * m + std::abs(x - y) * std::fmax(x, 0.25);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK: const bool [[C:v[0-9]+]] = y < x;
// CHECK: double lo = [[C]] ? y : x;
// CHECK: double hi = v{{[0-9]+}} ? v{{[0-9]+}} : x;
// CHECK: std::fabs(
// CHECK-LABEL: ADGEN_HD double f_jvp(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::Rng rng(9);
  for (int k = 0; k < 30;) {
    double x = rng.uniform(-2, 2), y = rng.uniform(-2, 2);
    if (std::fabs(x - y) < 1e-2 || std::fabs(x - 2 * y) < 1e-2 ||
        std::fabs(std::fabs(x * y) - 1) < 1e-2 || std::fabs(x - 0.25) < 1e-2)
      continue; // too close to a kink for finite differences
    ++k;
    fd::check_grad("f", fd::at({x, y}), {x, y}, 2,
        [](const fd::Vec &z) { return fd::Vec{f(z[0], z[1])}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
