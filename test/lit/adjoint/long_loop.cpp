// Reverse mode of long loops, to exercise tape growth: 10,000 iterations of
// a scalar recurrence, a 100 x 100 nested loop, and a while loop of a
// data-dependent 10,000-ish iterations; each f_grad is called several times
// (a reused or leaked tape would show as a drift between calls).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x, c) grad(x, c)
double f(double x, const double *c, int n) {
  double s = x;
  for (int i = 0; i < n; ++i)
    s = s + 1e-3 * std::sin(s * c[i % 4] + x) - 1e-4 * s;
  return s;
}

#pragma adgen jvp grad
double g(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 100; ++i)
    for (int j = 0; j < 100; ++j)
      s += std::cos(x * i - y * j + s * 1e-4) * 1e-3;
  return s;
}

#pragma adgen jvp grad
double h(double x) {
  double s = 0.0;
  int n = 0;
  while (s < 1000.0) {
    s += 0.1 + 1e-3 * std::tanh(x * n * 1e-3) + 1e-2 * x * x;
    ++n;
  }
  return s * x;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, const double *c, int n, double *x_bar,
// CHECK-NEXT: double *c_bar, double f_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK-DAG: c_bar[{{.+}}] +=
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double g_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double g_bar = 1.0) {
// CHECK: for (int [[K1:k[_0-9]*]] = 0; [[K1]] < {{.+}}; ++[[K1]]) {
// CHECK: for (int [[K2:k[_0-9]*]] = 0; [[K2]] < {{.+}}; ++[[K2]]) {
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double h_grad(double x, double *x_bar, double h_bar = 1.0) {
// CHECK: while (s < 1000.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: {{\*x_bar \+?=}}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, const double *c, int n, double x_dot,
             const double *c_dot, double *f_dot);
double f_grad(double x, const double *c, int n, double *x_bar, double *c_bar,
              double f_bar = 1.0);
double g_jvp(double x, double y, double x_dot, double y_dot, double *g_dot);
double g_grad(double x, double y, double *x_bar, double *y_bar,
              double g_bar = 1.0);
double h_jvp(double x, double x_dot, double *h_dot);
double h_grad(double x, double *x_bar, double h_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(38);
  for (int n : {10000, 9999, 1, 0}) {
    Vec z = rng.vec(5, -1, 1);  // x, then c[0..4)
    fd::check_grad("f n=" + std::to_string(n), fd::at(z), z, 5,
        [n](const Vec &v) { return Vec{f(v[0], v.data() + 1, n)}; },
        [n](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{f_jvp(v[0], v.data() + 1, n, vd[0], vd.data() + 1, &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{f_grad(v[0], v.data() + 1, n, vb->data(), vb->data() + 1, yb[0])};
        },
        rng);
  }
  fd::check_scalar_grad(39, 3, {{-1, 1}, {-1, 1}}, {0, 1},
      [](const Vec &a) { return g(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return g_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return g_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  // h: about 10,000 iterations; its trip count jumps with x, so check it
  // against the derivative at a fixed trip count, summed here, and the JVP.
  for (double x : {0.3, -0.7, 1.1}) {
    double s = 0.0, ds = 0.0;
    int n = 0;
    while (s < 1000.0) {
      double th = std::tanh(x * n * 1e-3);
      s += 0.1 + 1e-3 * th + 1e-2 * x * x;
      ds += 1e-3 * (1.0 - th * th) * n * 1e-3 + 2e-2 * x;
      ++n;
    }
    double xb = 0, d = 0;
    double v = h_grad(x, &xb);
    fd::check_equal("h", fd::at({x}), v, h(x));
    fd::check_close("h trips", fd::at({x}), n > 8000 && n <= 10001, 1.0, 0, 0);
    fd::check_close("dh/dx", fd::at({x}), xb, s + x * ds, 1e-9, 1e-9);
    fd::check_equal("h jvp", fd::at({x}), h_jvp(x, 1.0, &d), h(x));
    fd::check_close("h jvp vs grad", fd::at({x}), xb, d, 1e-10, 1e-12);
    double xb2 = xb;
    h_grad(x, &xb2, 0.5);
    fd::check_close("h accumulates", fd::at({x}), xb2, 1.5 * xb, 1e-12, 1e-12);
  }
  return fd::finish();
}
#endif
