// Reverse mode through a helper with an early return (its returns become a
// flag when inlined), called inside a loop, and calling another helper.
// The generated code must still compile warning-free (-Werror).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double decay(double a) { return a * std::exp(-a); }
double pick(double a, double b) {
  if (a > b)
    return decay(a) * b;
  return a + decay(b);
}

#pragma adgen jvp grad
double f(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 6; ++i)
    s += pick(x * i, y + s * 0.1);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: std::exp(
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(41, 30, {{-1, 1}, {-1, 1}}, {0, 1},
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
