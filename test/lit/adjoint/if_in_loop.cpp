// Reverse mode of an if/else-if/else inside a loop choosing different active
// statements per iteration (by the data and by the index): the backward
// sweep must replay each iteration's own branch.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a, x) grad(a, x)
double f(const double *a, int n, double x) {
  double s = 0.5, t = 1.0;
  for (int i = 0; i < n; ++i) {
    if (a[i] > s) {
      s = s * a[i] + x;
    } else if (i % 3 == 1) {
      t = t * std::sin(a[i] * x);
      s += t;
    } else {
      s = s - x * a[i] * a[i];
      t += s * 0.1;
    }
  }
  return s * t + s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *a, int n, double x, double *a_bar,
// CHECK-NEXT: double *x_bar, double f_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: if (
// CHECK: a_bar[{{.+}}] +=
// CHECK: } else {
// CHECK: t_bar
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, double x, const double *a_dot,
             double x_dot, double *f_dot);
double f_grad(const double *a, int n, double x, double *a_bar, double *x_bar,
              double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(37);
  int branch[3] = {0, 0, 0};
  for (int k = 0; k < 40; ++k) {
    int n = 1 + k % 12;
    Vec z = rng.vec(n + 1, -1.5, 1.5);  // a[0..n), then x
    // Stay away from a[i] == s, where the branch switches.
    double s = 0.5, t = 1.0, x = z[n];
    bool near = false;
    for (int i = 0; i < n; ++i) {
      near = near || std::fabs(z[i] - s) < 1e-3;
      if (z[i] > s) { s = s * z[i] + x; ++branch[0]; }
      else if (i % 3 == 1) { t = t * std::sin(z[i] * x); s += t; ++branch[1]; }
      else { s = s - x * z[i] * z[i]; t += s * 0.1; ++branch[2]; }
    }
    if (near) continue;
    fd::check_grad("f", fd::at(z), z, n + 1,
        [n](const Vec &v) { return Vec{f(v.data(), n, v[n])}; },
        [n](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{f_jvp(v.data(), n, v[n], vd.data(), vd[n], &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{f_grad(v.data(), n, v[n], vb->data(), &(*vb)[n], yb[0])};
        },
        rng);
  }
  for (int b = 0; b < 3; ++b)
    fd::check_close("branch " + std::to_string(b) + " taken", "-", branch[b] > 10, 1.0, 0, 0);
  return fd::finish();
}
#endif
