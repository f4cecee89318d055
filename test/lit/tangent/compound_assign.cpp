// Compound assignment (+= -= *= /=) on scalars and array elements, and ++/--
// on an int and on a double.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double s = x;
  s += y * x;
  s -= std::sin(y);
  s *= x;
  s /= 1.0 + y * y;
  double a[3] = {x, y, x * y};
  a[1] += s;
  a[2] *= a[1];
  a[0] /= a[2] + 3.0;
  a[0] -= y;
  int k = 3;
  k++;
  ++k;
  k--;
  double d = x;
  d++;
  ++d;
  d--;
  --d;
  return s + a[0] + a[1] + a[2] + d * k;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// s *= x: the tangent reads s before it changes.
// CHECK: s_dot = x * s_dot + s * x_dot;
// CHECK-NEXT: s *= x;
// CHECK: a_dot[1] += s_dot;
// CHECK-NEXT: a[1] += s;
// CHECK: a_dot[0] -= y_dot;
// CHECK-NEXT: a[0] -= y;
// Integer ++/-- have no tangent; on a double they leave the tangent alone
// (no self-assignment: dead code, and clang's -Wself-assign).
// CHECK-NOT: k_dot
// CHECK-NOT: d_dot = d_dot;
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::check_scalar_jvp(21, 20, {{0.2, 1.5}, {0.2, 1.5}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      });
  return fd::finish();
}
#endif
