// Reverse mode of compound assignment (+= -= *= /=) on scalars and array
// elements, and ++/-- on an int and on a double.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
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

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// Integer ++/-- have no adjoint.
// CHECK-NOT: k_bar
// a[0] -= y: y's adjoint takes -a_bar[0].
// CHECK: {{\*y_bar (-= |= \*y_bar - )}}a_bar[0];
// a[1] += s: s's adjoint takes a_bar[1], a_bar[1] is unchanged.
// CHECK: s_bar += a_bar[1];
// s *= x: x takes the old s, s_bar is scaled by x.
// CHECK: s_bar = x * [[SB:v[0-9]+]];
// CHECK-NEXT: {{\*x_bar \+?=.*}}[[SB]];
// CHECK-NOT: k_bar
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(21, 20, {{0.2, 1.5}, {0.2, 1.5}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  return fd::finish();
}
#endif
