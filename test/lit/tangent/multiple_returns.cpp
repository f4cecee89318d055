// Several return statements: before a loop, inside a loop (early exit), and
// in an if after it.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x)
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

// Every return writes its own tangent first.
// CHECK-LABEL: ADGEN_HD double f_jvp(const double *a, int n, double x, double x_dot,
// CHECK: if (x < -1.0) {
// CHECK: *f_dot =
// CHECK-NEXT: return
// CHECK: for (int i = 0; i < n; ++i) {
// CHECK: if (s > 3.0) {
// CHECK: std::sqrt(s)
// CHECK: *f_dot =
// CHECK-NEXT: return
// CHECK: if (s < 0.0) {
// CHECK: *f_dot = (s + s) * s_dot;
// CHECK-NEXT: return
// CHECK: *f_dot = s_dot;
// CHECK-NEXT: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, double x, double x_dot, double *f_dot);
int main() {
  fd::Rng rng(25);
  for (int k = 0; k < 30; ++k) {
    int n = k % 6;
    double x = rng.uniform(-2, 2);
    std::vector<double> a = rng.vec(n, -1, 2);
    std::string p = fd::at(a) + " x=" + fd::at({x});
    double d = 0;
    double val = f_jvp(a.data(), n, x, 1.0, &d);
    fd::check_equal("f", p, val, f(a.data(), n, x));
    fd::check_close("df/dx", p, d, fd::central([&](double t) { return f(a.data(), n, t); }, x));
  }
  return fd::finish();
}
#endif
