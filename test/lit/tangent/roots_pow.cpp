// sqrt, cbrt, pow with both arguments active, pow with an int exponent, hypot.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double r = std::sqrt(x) + std::cbrt(x * y);
  double p = std::pow(x, y) + std::pow(y, 2);
  return r + p * std::hypot(x, y);
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK-NEXT: double *f_dot) {
// d sqrt = 0.5/sqrt, d cbrt = 1/(3 cbrt^2).
// CHECK: const double [[S:v[0-9]+]] = std::sqrt(x);
// CHECK: 0.5 / [[S]]
// CHECK: const double [[C:v[0-9]+]] = std::cbrt(
// CHECK: [[C]] * [[C]]
// pow(x, y): y x^(y-1) and x^y log x; pow(y, 2) keeps its exponent.
// CHECK: std::pow(x, y)
// CHECK: std::log(x)
// CHECK: std::pow(y, 2
// CHECK: double p_dot =
// CHECK: const double [[H:v[0-9]+]] = std::hypot(x, y);
// CHECK: *f_dot =
// CHECK-DAG: x / [[H]]
// CHECK-DAG: y / [[H]]
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::Rng rng(5);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(0.2, 3), y = rng.uniform(-2, 2);
    if (std::fabs(y) < 0.1) y = 0.5;
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
