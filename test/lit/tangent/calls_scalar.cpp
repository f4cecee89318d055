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
  fd::Rng rng(19);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-2, 2), y = rng.uniform(-2, 2);
    std::string p = fd::at({x, y});
    double dx = 0;
    double v = f_jvp(x, y, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, y));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, y); }, x));
  }
  return fd::finish();
}
#endif
