// do-while: the body runs at least once, even when n == 0.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, int n) {
  double s = 0.5;
  int i = 0;
  do {
    s = s * x + std::cos(s + x);
    ++i;
  } while (i < n);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int n, double x_dot, double *f_dot) {
// CHECK: double s_dot = 0.0;
// CHECK: do {
// CHECK: std::sin(
// CHECK: s_dot =
// CHECK-NEXT: s = s * x + std::cos(
// CHECK: ++i;
// CHECK-NEXT: } while (i < n);
// CHECK: *f_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
int main() {
  for (int n = 0; n < 5; ++n)  // trip counts 0 .. 5 - 1
    fd::check_scalar_jvp(13 + n, 4, {{-1.2, 1.2}}, {0},
        [n](const fd::Vec &a) { return f(a[0], n); },
        [n](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], n, e[0], dot);
        });
  return fd::finish();
}
#endif
