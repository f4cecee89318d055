// A while loop whose trip count depends on the active values.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  double s = x;
  int n = 0;
  while (s < 10.0 && n < 100) {
    s = s * y + std::sqrt(s);
    ++n;
  }
  return s / n;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double y_dot,
// CHECK: double s_dot = x_dot;
// CHECK: int n = 0;
// CHECK-NOT: n_dot
// CHECK: while (s < 10.0 && n < 100) {
// CHECK: std::sqrt(s)
// CHECK: s_dot =
// CHECK-NEXT: s = s * y +
// CHECK: ++n;
// CHECK-NEXT: }
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
int main() {
  fd::Rng rng(12);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(0.5, 3), y = rng.uniform(1.05, 2.5);
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
