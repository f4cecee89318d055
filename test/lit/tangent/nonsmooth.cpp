// fabs, fmin, fmax, floor, ceil: piecewise derivatives, tested away from kinks.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double a = std::fabs(x) * y + 2.0 * std::fmin(x, y);
  double b = std::fmax(x * y, 0.5) + std::floor(x) * y + std::ceil(y) * x;
  return a + b;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK-NEXT: double *f_dot) {
// fabs: the sign; fmin/fmax: a 0/1 selector; floor/ceil: no tangent at all.
// CHECK: std::fabs(x)
// CHECK: ? -1.0 : 1.0
// CHECK: x <= y
// CHECK: double a_dot =
// CHECK: >= 0.5
// CHECK: double b_dot =
// CHECK: *f_dot = a_dot + b_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
static double dist_int(double t) { return std::fabs(t - std::round(t)); }
int main() {
  fd::Rng rng(6);
  for (int k = 0; k < 20;) {
    double x = rng.uniform(-3, 3), y = rng.uniform(-3, 3);
    if (std::fabs(x) < 1e-2 || std::fabs(x - y) < 1e-2 ||
        std::fabs(x * y - 0.5) < 1e-2 || dist_int(x) < 1e-2 ||
        dist_int(y) < 1e-2)
      continue;  // too close to a kink for finite differences
    ++k;
    std::string p = fd::at({x, y});
    double dx = 0, dy = 0;
    double v = f_jvp(x, y, 1.0, 0.0, &dx);
    f_jvp(x, y, 0.0, 1.0, &dy);
    fd::check_equal("f", p, v, f(x, y));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, y); }, x));
    fd::check_close("df/dy", p, dy, fd::central([&](double t) { return f(x, t); }, y));
  }
  return fd::finish();
}
#endif
