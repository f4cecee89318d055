// Reverse mode of break and continue: continue in a for loop with a step of
// 2 (the step must still run), a data-dependent break, and both in a
// while(true) loop. The adjoint sweep must skip exactly what the forward
// skipped.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i += 2) {
    if (i % 3 == 0)
      continue;
    s += std::sin(x * i) + x;
    if (s > 2.5)
      break;
  }
  return s * x;
}

#pragma adgen jvp grad
double g(double x) {
  double s = 0.0;
  int i = 0;
  while (true) {
    ++i;
    if (i > 9)
      break;
    if (i % 2)
      continue;
    s += x / i + s * x;
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: i % 3 == 0
// CHECK: s > 2.5
// CHECK: s_bar += x * f_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// CHECK-LABEL: ADGEN_HD double g_grad(double x, double *x_bar, double g_bar = 1.0) {
// CHECK: i > 9
// CHECK: i % 2
// CHECK: s_bar += g_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: s_bar =
// CHECK: {{\*x_bar \+?=}}
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
double g_jvp(double x, double x_dot, double *g_dot);
double g_grad(double x, double *x_bar, double g_bar = 1.0);
int main() {
  for (int n = 0; n <= 10; ++n)
    fd::check_scalar_grad(14 + n, 4, {{-1, 1.5}}, {0},
        [n](const fd::Vec &a) { return f(a[0], n); },
        [n](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], n, e[0], dot);
        },
        [n](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], n, &bar[0], fbar);
        });
  fd::check_scalar_grad(14, 20, {{-1, 1.5}}, {0},
      [](const fd::Vec &a) { return g(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return g_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return g_grad(a[0], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
