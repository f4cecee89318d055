// The grad list picks the active parameters: a subset gets adjoints only for
// those named (in parameter order, whatever the list's order); no list makes
// every floating-point parameter, pointers included, active.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(y) grad(y)
double f(double x, double y, double z) { return x * std::sin(y) + y * z; }

#pragma adgen jvp(z, x) grad(z, x)
double h(double x, double y, double z) { return x * std::sin(y) + y * z; }

#pragma adgen jvp grad
double g(double x, const double *w, int n) {
  double s = x;
  for (int i = 0; i < n; ++i)
    s = s * w[i] + std::cos(x * w[i]);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double z, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-NOT: x_bar
// CHECK-NOT: z_bar
// CHECK: {{\*y_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// grad(z, x): adjoints in parameter order, y gets none.
// CHECK-LABEL: ADGEN_HD double h_grad(double x, double y, double z, double *x_bar,
// CHECK-NEXT: double *z_bar, double h_bar = 1.0) {
// CHECK-NOT: y_bar
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*z_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// No list: the scalar and the const pointer are both active.
// CHECK-LABEL: ADGEN_HD double g_grad(double x, const double *w, int n, double *x_bar,
// CHECK-NEXT: double *w_bar, double g_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: w_bar[{{.+}}] +=
// CHECK: {{\*x_bar \+?=}}
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double z, double y_dot, double *f_dot);
double f_grad(double x, double y, double z, double *y_bar, double f_bar = 1.0);
double h_jvp(double x, double y, double z, double x_dot, double z_dot,
             double *h_dot);
double h_grad(double x, double y, double z, double *x_bar, double *z_bar,
              double h_bar = 1.0);
double g_jvp(double x, const double *w, int n, double x_dot,
             const double *w_dot, double *g_dot);
double g_grad(double x, const double *w, int n, double *x_bar, double *w_bar,
              double g_bar = 1.0);
using fd::Vec;
int main() {
  fd::check_scalar_grad(26, 20, {{-2, 2}, {-2, 2}, {-2, 2}}, {1},
      [](const Vec &a) { return f(a[0], a[1], a[2]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return f_jvp(a[0], a[1], a[2], e[1], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return f_grad(a[0], a[1], a[2], &bar[1], fbar);
      });
  fd::check_scalar_grad(27, 20, {{-2, 2}, {-2, 2}, {-2, 2}}, {0, 2},
      [](const Vec &a) { return h(a[0], a[1], a[2]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return h_jvp(a[0], a[1], a[2], e[0], e[2], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return h_grad(a[0], a[1], a[2], &bar[0], &bar[2], fbar);
      });
  fd::Rng rng(28);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 4;
    // Inputs: x, then w[0..n).
    Vec z = rng.vec(n + 1, -1, 1);
    z[0] *= 2;
    fd::check_grad("g", fd::at(z), z, n + 1,
        [n](const Vec &v) { return Vec{g(v[0], v.data() + 1, n)}; },
        [n](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{g_jvp(v[0], v.data() + 1, n, vd[0], vd.data() + 1, &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{g_grad(v[0], v.data() + 1, n, vb->data(), vb->data() + 1, yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
