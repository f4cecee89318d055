// Reverse mode of a for loop carrying two values (a truncated series), trip
// count 0..n: the adjoint loop runs the iterations backwards.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double s = 0.0, p = 1.0;
  for (int i = 0; i < n; ++i) {
    p *= x;
    s += p / (i + 1);
  }
  return s + std::cos(s);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: i < n
// CHECK: s_bar += (1.0 - std::sin(s)) * f_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: p_bar +=
// The adjoint of p *= x: x_bar takes p's old value, p_bar is scaled by x.
// CHECK: p_bar =
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
int main() {
  for (int n = 0; n < 7; ++n)  // trip counts 0 .. 7 - 1
    fd::check_scalar_grad(11 + n, 4, {{-1.5, 1.5}}, {0},
        [n](const fd::Vec &a) { return f(a[0], n); },
        [n](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], n, e[0], dot);
        },
        [n](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], n, &bar[0], fbar);
        });
  return fd::finish();
}
#endif
