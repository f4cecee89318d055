// erf: derivative 2/sqrt(pi) exp(-u^2).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, double y) { return std::erf(x * y) + x * std::erf(x); }

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double *f_dot) {
// CHECK: const double [[XY:v[0-9]+]] = x * y;
// CHECK: std::erf([[XY]])
// CHECK: std::erf(x)
// d erf(u) = 2/sqrt(pi) exp(-u^2).
// CHECK: *f_dot =
// CHECK-DAG: 1.128379167095512{{[0-9]*}} * std::exp(-([[XY]] * [[XY]]))
// CHECK-DAG: std::exp(-(x * x))
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
int main() {
  fd::Rng rng(7);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-2.5, 2.5), y = rng.uniform(-1.5, 1.5);
    std::string p = fd::at({x, y});
    double dx = 0;
    double v = f_jvp(x, y, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, y));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, y); }, x));
  }
  return fd::finish();
}
#endif
