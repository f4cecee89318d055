// Reverse mode of asin, acos, atan, and atan2 with both arguments active:
// both parameters get an adjoint.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  return std::asin(x) * y + std::acos(0.5 * x) + std::atan(x * y) +
         std::atan2(y, x);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-DAG: std::asin(x)
// CHECK-DAG: std::acos(
// CHECK-DAG: std::atan(
// CHECK-DAG: std::atan2(y, x)
// CHECK-DAG: 1.0 / std::sqrt(1.0 - x * x)
// CHECK-DAG: -1.0 / std::sqrt(1.0 -
// CHECK-DAG: y * y + x * x
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  for (int sign = 0; sign < 2; ++sign)  // y > 0 and y < 0
    fd::check_scalar_grad(2 + sign, 10,
        {{-0.9, 0.9}, sign ? std::make_pair(-2.0, -0.2) : std::make_pair(0.2, 2.0)},
        {0, 1},
        [](const fd::Vec &a) { return f(a[0], a[1]); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], a[1], e[0], e[1], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
        });
  return fd::finish();
}
#endif
