// if/else: data-dependent, nested, and an else-if chain.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double r;
  if (x > 0.0) {
    if (y > x)
      r = x * y;
    else
      r = std::exp(x - y);
  } else if (x > -1.0) {
    r = x * x * y;
  } else if (y < 0.0) {
    r = std::sin(y) / x;
  } else {
    r = y;
  }
  return r + x;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK: double r;
// CHECK-NEXT: double r_dot = 0.0;
// CHECK: if (x > 0.0) {
// CHECK: if (y > x) {
// CHECK: r_dot = y * x_dot + x * y_dot;
// CHECK-NEXT: r = x * y;
// CHECK: } else {
// CHECK: std::exp(
// CHECK: } else {
// CHECK: if (x > -1.0) {
// CHECK: } else {
// CHECK: if (y < 0.0) {
// CHECK: std::cos(y)
// CHECK: } else {
// CHECK: r_dot = y_dot;
// CHECK-NEXT: r = y;
// CHECK: *f_dot = r_dot + x_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::Rng rng(10);
  for (int k = 0; k < 40;) {
    double x = rng.uniform(-3, 3), y = rng.uniform(-3, 3);
    if (std::fabs(x) < 1e-3 || std::fabs(x + 1) < 1e-3 || std::fabs(y) < 1e-3 ||
        std::fabs(y - x) < 1e-3)
      continue;  // a branch boundary
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
