// Reverse mode with several return statements: before a loop, inside a loop
// (early exit), and in an if after it. The seed goes to whichever return ran.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x) grad(x)
double f(const double *a, int n, double x) {
  if (x < -1.0)
    return -x * x;
  double s = x;
  for (int i = 0; i < n; ++i) {
    s = s * a[i] + x;
    if (s > 3.0)
      return std::sqrt(s) * x;
  }
  if (s < 0.0)
    return s * s;
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *a, int n, double x, double *x_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-NOT: a_bar
// CHECK: s > 3.0
// CHECK: std::sqrt(s)
// CHECK: s < 0.0
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: {{\*x_bar \+?=}}
// CHECK: return

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, double x, double x_dot, double *f_dot);
double f_grad(const double *a, int n, double x, double *x_bar,
              double f_bar = 1.0);
int main() {
  fd::Rng rng(25);
  int taken[4] = {0, 0, 0, 0};
  for (int k = 0; k < 40; ++k) {
    int n = k % 6;
    double x = rng.uniform(-2, 2);
    std::vector<double> a = rng.vec(n, -1, 2);
    // Which return runs (and stay away from the switches between them).
    double s = x;
    int which = x < -1.0 ? 0 : -1;
    bool near = std::fabs(x + 1.0) < 1e-3;
    for (int i = 0; which < 0 && i < n; ++i) {
      s = s * a[i] + x;
      near = near || std::fabs(s - 3.0) < 1e-3;
      if (s > 3.0) which = 1;
    }
    if (which < 0) which = s < 0.0 ? 2 : 3;
    near = near || std::fabs(s) < 1e-3;
    if (near) continue;
    ++taken[which];
    fd::check_grad("f", fd::at(a) + " x=" + fd::at({x}), {x}, 1,
        [&](const fd::Vec &z) { return fd::Vec{f(a.data(), n, z[0])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(a.data(), n, z[0], zd[0], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(a.data(), n, z[0], &(*zb)[0], yb[0])};
        },
        rng);
  }
  for (int w = 0; w < 4; ++w)  // every return was exercised
    fd::check_close("return " + std::to_string(w) + " taken", "-", taken[w] > 0, 1.0, 0, 0);
  return fd::finish();
}
#endif
