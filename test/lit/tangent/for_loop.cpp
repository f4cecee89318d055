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
  for (int n = 0; n < 7; ++n)  // trip counts 0 .. 7 - 1
    fd::check_scalar_jvp(11 + n, 4, {{-1.5, 1.5}}, {0},
        [n](const fd::Vec &a) { return f(a[0], n); },
        [n](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], n, e[0], dot);
        });
  return fd::finish();
}
#endif
