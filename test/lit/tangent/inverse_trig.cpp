// asin, acos, atan, and atan2 with both arguments active.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  return std::asin(x) * y + std::acos(0.5 * x) + std::atan(x * y) +
         std::atan2(y, x);
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK-NEXT: double *f_dot) {
// CHECK-DAG: std::asin(x)
// CHECK-DAG: std::acos(
// CHECK-DAG: std::atan(
// CHECK-DAG: std::atan2(y, x)
// CHECK: *f_dot =
// d asin = 1/sqrt(1-u^2), d acos = -1/sqrt(1-u^2), atan2 via y/(x^2+y^2).
// CHECK-DAG: 1.0 / std::sqrt(1.0 - x * x)
// CHECK-DAG: -1.0 / std::sqrt(1.0 -
// CHECK-DAG: y * y + x * x
// CHECK: x_dot
// CHECK: y_dot;
// CHECK-NEXT: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::Rng rng(2);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-0.9, 0.9), y = rng.uniform(0.2, 2);
    if (k % 2) y = -y;
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
