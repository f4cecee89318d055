// Reverse mode of if/else: data-dependent, nested, and an else-if chain. The
// adjoint sweep takes the branch the forward sweep took.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  double r;
  if (x > 0.0) {
    if (y > x)
      r = x * y;
    else
      r = std::exp(x - y);
  } else if (x > -1.0) {
    r = x * x * y;
  } else if (y < 0.0) {
    r = std::sin(y) / x;
  } else {
    r = y;
  }
  return r + x;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: double r;
// CHECK: x > 0.0
// CHECK: y > x
// CHECK: std::exp(
// CHECK: y < 0.0
// CHECK: std::cos(y)
// CHECK: r = y;
// return r + x: both adjoints are the seed.
// CHECK: r_bar += f_bar;
// CHECK-NEXT: {{\*x_bar \+?=.*}}f_bar;
// The last arm, r = y, in reverse.
// CHECK: } else {
// CHECK: [[R:v[0-9]+]] = r_bar;
// CHECK: {{\*y_bar \+?=.*}}[[R]];
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::Rng rng(10);
  for (int k = 0; k < 40;) {
    double x = rng.uniform(-3, 3), y = rng.uniform(-3, 3);
    if (std::fabs(x) < 1e-3 || std::fabs(x + 1) < 1e-3 || std::fabs(y) < 1e-3 ||
        std::fabs(y - x) < 1e-3)
      continue;  // a branch boundary
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
