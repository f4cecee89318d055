// Reverse mode of sqrt, cbrt, pow with both arguments active, pow with an
// int exponent, hypot.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  double r = std::sqrt(x) + std::cbrt(x * y);
  double p = std::pow(x, y) + std::pow(y, 2);
  return r + p * std::hypot(x, y);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: const double [[S:v[0-9]+]] = std::sqrt(x);
// CHECK: 0.5 / [[S]]
// CHECK: const double [[C:v[0-9]+]] = std::cbrt(
// CHECK: [[C]] * [[C]]
// CHECK: std::pow(x, y)
// CHECK: std::log(x)
// CHECK: const double [[H:v[0-9]+]] = std::hypot(x, y);
// CHECK-DAG: x / [[H]]
// CHECK-DAG: y / [[H]]
// The adjoint of p = ... flows into both x and y.
// CHECK: p_bar
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(5, 20, {{0.2, 3}, {0.1, 2}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  fd::check_scalar_grad(6, 20, {{0.2, 3}, {-2, -0.1}}, {0, 1},
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
