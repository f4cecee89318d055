// Reverse mode of local arrays: 1-D with an initialiser (full and partial),
// and 2-D. Each gets an adjoint array of the same shape, starting at zero.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, double y) {
  double c[4] = {1.0, x, x * x, y};
  double z[3] = {0};
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = c[i] * c[j + 1] + (i == j ? x : 0.0);
  double t = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      z[k] += m[i][k];
      t += m[i][k] * m[k][i];
    }
  return t + c[3] * z[0] + std::sin(z[2]);
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double f_bar = 1.0) {
// CHECK-DAG: double c_bar[4] = {};
// CHECK-DAG: double z_bar[3] = {};
// CHECK-DAG: double m_bar{{\[9\]|\[3\]\[3\]}} = {};
// CHECK: double c[4]
// CHECK: double m{{\[9\]|\[3\]\[3\]}}
// CHECK: z_bar[2] += {{.*}}f_bar;
// The adjoint of z[k] += m[i][k] is m_bar += z_bar (nested loops, reversed).
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: for (int [[K2:k[_0-9]*]] = 0; [[K2]] < {{.+}}; ++[[K2]]) {
// CHECK: m_bar[{{.+}}] += z_bar[
// CHECK: for (int [[K3:k[_0-9]*]] = 0; [[K3]] < {{.+}}; ++[[K3]]) {
// CHECK: c_bar[{{.+}}] +=
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(16, 20, {{-1.5, 1.5}, {-2, 2}}, {0},
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
