// Reverse mode of do-while: the body runs at least once, even when n == 0,
// and its adjoint as many times.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double s = 0.5;
  int i = 0;
  do {
    s = s * x + std::cos(s + x);
    ++i;
  } while (i < n);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: do {
// CHECK: std::sin(
// CHECK: s = s * x + std::cos(
// CHECK: ++i;
// CHECK: } while (i < n);
// CHECK: s_bar += f_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: s_bar =
// CHECK: {{\*x_bar \+?=}}
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
int main() {
  for (int n = 0; n < 5; ++n)  // trip counts 1, 1, 2, 3, 4
    fd::check_scalar_grad(13 + n, 4, {{-1.2, 1.2}}, {0},
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
