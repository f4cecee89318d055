// Reverse mode through calls to scalar functions of the file: a one-argument
// helper, and a two-argument helper called with its first, its second, both
// and neither argument active.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double sq(double a) { return a * a; }
double mix(double a, double b) { return std::sin(a) * b + a; }

#pragma adgen jvp(x) grad(x)
double f(double x, double y) {
  return sq(x) + mix(x, y) + mix(y, x) * mix(y, 2.0 * y) + sq(mix(x, x));
}

#pragma adgen jvp grad
double g(double x, double y) { return mix(sq(x), y) * mix(y, sq(y)); }

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double f_bar = 1.0) {
// CHECK-NOT: y_bar
// CHECK: std::sin(
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// CHECK-LABEL: ADGEN_HD double g_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double g_bar = 1.0) {
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double f_bar = 1.0);
double g_jvp(double x, double y, double x_dot, double y_dot, double *g_dot);
double g_grad(double x, double y, double *x_bar, double *y_bar,
              double g_bar = 1.0);
int main() {
  fd::check_scalar_grad(19, 20, {{-2, 2}, {-2, 2}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], fbar);
      });
  fd::check_scalar_grad(20, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &a) { return g(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return g_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return g_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  return fd::finish();
}
#endif
