// sinh, cosh, tanh.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, double y) {
  return std::sinh(x) * y + std::cosh(x * y) - std::tanh(2.0 * x);
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double *f_dot) {
// CHECK: std::sinh(x)
// CHECK: const double [[XY:v[0-9]+]] = x * y;
// CHECK: std::cosh([[XY]])
// CHECK: const double [[T:v[0-9]+]] = std::tanh(
// CHECK: *f_dot =
// CHECK-DAG: std::cosh(x)
// CHECK-DAG: std::sinh([[XY]])
// CHECK-DAG: (1.0 - [[T]] * [[T]])
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
int main() {
  fd::Rng rng(3);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-2, 2), y = rng.uniform(-1.5, 1.5);
    std::string p = fd::at({x, y});
    double dx = 0;
    double v = f_jvp(x, y, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, y));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, y); }, x));
  }
  return fd::finish();
}
#endif
