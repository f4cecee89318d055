// A for loop carrying two values (a truncated series), trip count 0..n.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, int n) {
  double s = 0.0, p = 1.0;
  for (int i = 0; i < n; ++i) {
    p *= x;
    s += p / (i + 1);
  }
  return s + std::cos(s);
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int n, double x_dot, double *f_dot) {
// CHECK: double s_dot = 0.0;
// CHECK: double p_dot = 0.0;
// CHECK: for (int i = 0; i < n; ++i) {
// The tangent of p *= x uses p before the update.
// CHECK: p_dot = x * p_dot + p * x_dot;
// CHECK-NEXT: p *= x;
// CHECK: s_dot +=
// CHECK: s +=
// CHECK-NEXT: }
// CHECK: *f_dot = (1.0 - std::sin(s)) * s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
int main() {
  fd::Rng rng(11);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-1.5, 1.5);
    int n = k % 7;
    std::string p = fd::at({x}) + " n=" + std::to_string(n);
    double dx = 0;
    double v = f_jvp(x, n, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, n));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, n); }, x));
  }
  return fd::finish();
}
#endif
