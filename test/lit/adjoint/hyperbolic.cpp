// Reverse mode of sinh, cosh, tanh.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, double y) {
  return std::sinh(x) * y + std::cosh(x * y) - std::tanh(2.0 * x);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double f_bar = 1.0) {
// CHECK-NOT: y_bar
// CHECK: std::sinh(x)
// CHECK: const double [[XY:v[0-9]+]] = x * y;
// CHECK: std::cosh([[XY]])
// CHECK: const double [[T:v[0-9]+]] = std::tanh(
// CHECK: {{\*x_bar \+?=}}
// CHECK-DAG: std::cosh(x)
// CHECK-DAG: std::sinh([[XY]])
// CHECK-DAG: (1.0 - [[T]] * [[T]])
// CHECK: f_bar
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(3, 20, {{-2, 2}, {-1.5, 1.5}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
