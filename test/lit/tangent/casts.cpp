// Casts between int, float and double: (double)i of an index, a round trip
// through float (the tangent passes through), a truncation to int (derivative
// zero), a function mixing a float and a double parameter (each tangent
// has its parameter's type), and implicit float -> double -> float in a float
// function.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += (double)i * x + static_cast<double>(i % 2);
  float g = static_cast<float>(x);
  int k = (int)(x * 3.0);
  return s + g * (double)g + k * x + double(float(x) * 2.0f);
}

#pragma adgen jvp
double h(float a, double b) {
  return static_cast<double>(a) * b + (float)(b * b) * a;
}

#pragma adgen jvp
float q(float x) { return x * 0.5 + std::sin(x); }

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int n, double x_dot, double *f_dot) {
// CHECK: static_cast<double>(i)
// CHECK: float g = static_cast<float>(x);
// CHECK-NEXT: float g_dot = static_cast<float>(x_dot);
// CHECK: int k = static_cast<int>(x * 3.0);
// CHECK-NOT: k_dot
// CHECK: *f_dot =
// CHECK-LABEL: ADGEN_HD double h_jvp(float a, double b, float a_dot, double b_dot,
// CHECK-NEXT: double *h_dot) {
// CHECK: *h_dot =
// CHECK-LABEL: ADGEN_HD float q_jvp(float x, float x_dot, float *q_dot) {
// CHECK: *q_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double h_jvp(float a, double b, float a_dot, double b_dot, double *h_dot);
float q_jvp(float x, float x_dot, float *q_dot);
int main() {
  fd::Rng rng(22);
  for (int k = 0; k < 20;) {
    double x = rng.uniform(-2, 2), b = rng.uniform(-2, 2);
    double frac = 3 * x - std::floor(3 * x);
    if (frac < 0.05 || frac > 0.95) continue;  // k = (int)(3x) jumps
    ++k;
    int n = k % 5;
    std::string p = fd::at({x, b}) + " n=" + std::to_string(n);
    double dx = 0;
    double v = f_jvp(x, n, 1.0, &dx);
    fd::check_equal("f", p, v, f(x, n));
    // f is piecewise quadratic in x: a wide step is exact, and steps over
    // the float rounding of x.
    fd::check_close("df/dx", p, dx, fd::central([&](double t) { return f(t, n); }, x, 1e-2), 1e-4, 1e-4);
    float a = float(x);
    double da = 0, db = 0;
    v = h_jvp(a, b, 1.0f, 0.0, &da);
    h_jvp(a, b, 0.0f, 1.0, &db);
    fd::check_equal("h", p, v, h(a, b));
    fd::check_close("dh/da", p, da, fd::central_f([&](float t) { return h(t, b); }, a), 1e-4, 1e-4);
    fd::check_close("dh/db", p, db, fd::central([&](double t) { return h(a, t); }, b, 1e-2), 1e-4, 1e-4);
    float dq = 0;
    float w = q_jvp(a, 1.0f, &dq);
    fd::check_equal("q", p, w, q(a));
    fd::check_close("dq/dx", p, dq, fd::central_f([&](float t) { return q(t); }, a), 2e-3, 2e-3);
  }
  return fd::finish();
}
#endif
