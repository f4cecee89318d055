// Reverse mode of a variable overwritten many times in a loop: s = s*x + y
// over 100 iterations (a Horner-like recurrence), and a pair that swap
// roles every iteration. The backward sweep needs every old s, in reverse
// order, whether taped or recomputed.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  double s = 1.0;
  for (int i = 0; i < 100; ++i)
    s = s * x + y;
  return s;
}

#pragma adgen jvp grad
double g(double x, double y) {
  double u = x, v = y;
  for (int i = 0; i < 100; ++i) {
    double t = u;
    u = std::sin(v) + 0.5 * t;
    v = t * v * 0.9;
  }
  return u * v + u;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: s_bar += f_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK-DAG: s_bar = x * [[SB:v[0-9]+]];
// CHECK-DAG: {{\*y_bar \+?=.*}}[[SB]];
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK: return s;
// CHECK-LABEL: ADGEN_HD double g_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double g_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: u_bar
// CHECK: v_bar
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
double g_jvp(double x, double y, double x_dot, double y_dot, double *g_dot);
double g_grad(double x, double y, double *x_bar, double *y_bar,
              double g_bar = 1.0);
int main() {
  // |x| <= 1.01: s stays below ~3e2 * (1 + |y|).
  fd::check_scalar_grad(31, 20, {{-1.01, 1.01}, {-2, 2}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  // The closed form at x = 1: s = 1 + 100 y, ds/dx = sum_i (1 + i y) = 100 + 4950 y.
  double xb = 0, yb = 0;
  double v = f_grad(1.0, 0.5, &xb, &yb);
  fd::check_equal("f(1, 0.5)", "(1, 0.5)", v, 51.0);
  fd::check_close("df/dx(1, 0.5)", "(1, 0.5)", xb, 100.0 + 4950.0 * 0.5, 1e-12, 0);
  fd::check_close("df/dy(1, 0.5)", "(1, 0.5)", yb, 100.0, 1e-12, 0);
  fd::check_scalar_grad(32, 20, {{-2, 2}, {-2, 2}}, {0, 1},
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
