// Reverse mode of fabs, fmin, fmax, floor, ceil: piecewise derivatives,
// tested away from kinks.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  double a = std::fabs(x) * y + 2.0 * std::fmin(x, y);
  double b = std::fmax(x * y, 0.5) + std::floor(x) * y + std::ceil(y) * x;
  return a + b;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// fabs: the sign; fmin/fmax: a 0/1 selector; floor/ceil: no adjoint at all.
// CHECK: std::fabs(x)
// CHECK: ? -1.0 : 1.0
// CHECK: x <= y
// CHECK: >= 0.5
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
static double dist_int(double t) { return std::fabs(t - std::round(t)); }
int main() {
  fd::Rng rng(6);
  for (int k = 0; k < 20;) {
    double x = rng.uniform(-3, 3), y = rng.uniform(-3, 3);
    if (std::fabs(x) < 1e-2 || std::fabs(x - y) < 1e-2 ||
        std::fabs(x * y - 0.5) < 1e-2 || dist_int(x) < 1e-2 ||
        dist_int(y) < 1e-2)
      continue;  // too close to a kink for finite differences
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
