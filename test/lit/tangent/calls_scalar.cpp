// Calls to scalar functions of the file: a one-argument helper, and a
// two-argument helper called with its first, its second, and neither
// argument active.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double sq(double a) { return a * a; }
double mix(double a, double b) { return std::sin(a) * b + a; }

#pragma adgen jvp(x)
double f(double x, double y) {
  return sq(x) + mix(x, y) + mix(y, x) * mix(y, 2.0 * y) + sq(mix(x, x));
}

// One derivative per activity pattern of the callee; the call with no active
// argument calls a renamed copy of the primal.
// CHECK-DAG: inline double adgen_sq_jvp_1(double a, double a_dot, double *sq_dot)
// CHECK-DAG: inline double adgen_mix_jvp_10(double a, double b, double a_dot,
// CHECK-DAG: inline double adgen_mix_jvp_01(double a, double b, double b_dot,
// CHECK-DAG: inline double adgen_mix_jvp_11(double a, double b, double a_dot,
// CHECK-DAG: inline double adgen_mix(double a, double b)
// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double *f_dot) {
// CHECK-DAG: adgen_sq_jvp_1(x, x_dot,
// CHECK-DAG: adgen_mix_jvp_10(x, y, x_dot,
// CHECK-DAG: adgen_mix_jvp_01(y, x, x_dot,
// CHECK-DAG: adgen_mix(y, v{{[0-9]+}})
// CHECK-DAG: adgen_mix_jvp_11(x, x, x_dot, x_dot,
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
int main() {
  fd::check_scalar_jvp(19, 20, {{-2, 2}, {-2, 2}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      });
  return fd::finish();
}
#endif
