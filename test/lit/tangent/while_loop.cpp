// A while loop whose trip count depends on the active values.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double s = x;
  int n = 0;
  while (s < 10.0 && n < 100) {
    s = s * y + std::sqrt(s);
    ++n;
  }
  return s / n;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK: double s_dot = x_dot;
// CHECK: int n = 0;
// CHECK-NOT: n_dot
// CHECK: while (s < 10.0 && n < 100) {
// CHECK: std::sqrt(s)
// CHECK: s_dot =
// CHECK-NEXT: s = s * y +
// CHECK: ++n;
// CHECK-NEXT: }
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::check_scalar_jvp(12, 20, {{0.5, 3}, {1.05, 2.5}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      });
  return fd::finish();
}
#endif
