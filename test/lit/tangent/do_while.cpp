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
  fd::Rng rng(13);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-1.2, 1.2);
    int n = k % 5;
    std::string p = fd::at({x}) + " n=" + std::to_string(n);
    double dx = 0;
    double v = f_jvp(x, n, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, n));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, n); }, x));
  }
  return fd::finish();
}
#endif
