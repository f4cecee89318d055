// break and continue: continue in a for loop with a step of 2 (the step must
// still run), a data-dependent break, and both in a while(true) loop.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i += 2) {
    if (i % 3 == 0)
      continue;
    s += std::sin(x * i) + x;
    if (s > 2.5)
      break;
  }
  return s * x;
}

#pragma adgen jvp
double g(double x) {
  double s = 0.0;
  int i = 0;
  while (true) {
    ++i;
    if (i > 9)
      break;
    if (i % 2)
      continue;
    s += x / i + s * x;
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int n, double x_dot, double *f_dot) {
// CHECK: for (int i = 0; i < n; i += 2) {
// CHECK: if (i % 3 == 0) {
// CHECK-NEXT: // break_continue.cpp:
// CHECK-NEXT: continue;
// CHECK: s_dot +=
// CHECK: if (s > 2.5) {
// CHECK: break;
// CHECK: *f_dot =
// CHECK-LABEL: ADGEN_HD double g_jvp(double x, double x_dot, double *g_dot) {
// CHECK: while (true) {
// CHECK: ++i;
// CHECK: if (i > 9) {
// CHECK: break;
// CHECK: continue;
// CHECK: s_dot =
// CHECK: *g_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double g_jvp(double x, double x_dot, double *g_dot);
int main() {
  fd::Rng rng(14);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-1, 1.5);
    int n = k % 11;
    std::string p = fd::at({x}) + " n=" + std::to_string(n);
    double dx = 0;
    double v = f_jvp(x, n, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, n));
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, n); }, x));
    v = g_jvp(x, 1.0, &dx);
    fd::check_equal("g", p, v, g(x));
    fd::check_close("dg/dx", p, dx, fd::central([&](double t) { return g(t); }, x));
  }
  return fd::finish();
}
#endif
