// Reverse mode with casts between int, float and double: (double)i of an
// index, a round trip through float (the adjoint passes through, rounded to
// float), a truncation to int (no adjoint), a function mixing a float and a
// double parameter (each adjoint has its parameter's type), and implicit
// float -> double -> float in a float function.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += (double)i * x + static_cast<double>(i % 2);
  float g = static_cast<float>(x);
  int k = (int)(x * 3.0);
  return s + g * (double)g + k * x + double(float(x) * 2.0f);
}

#pragma adgen jvp grad
double h(float a, double b) {
  return static_cast<double>(a) * b + (float)(b * b) * a;
}

#pragma adgen jvp grad
float q(float x) { return x * 0.5 + std::sin(x); }

// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK-NOT: k_bar
// CHECK: float g_bar = 0.0f;
// CHECK: float g = static_cast<float>(x);
// CHECK: int k = static_cast<int>(x * 3.0);
// CHECK: g_bar += static_cast<float>(
// The float adjoint flows back into x as a double.
// CHECK: {{\*x_bar \+?=.*}}static_cast<double>(g_bar);
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: {{\*x_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double h_grad(float a, double b, float *a_bar, double *b_bar,
// CHECK-NEXT: double h_bar = 1.0) {
// CHECK: {{\*a_bar \+?=.*}}static_cast<float>(
// CHECK: {{\*b_bar \+?=}}
// CHECK-LABEL: ADGEN_HD float q_grad(float x, float *x_bar, float q_bar = 1.0f) {
// CHECK: {{\*x_bar \+?=}}
// CHECK: q_bar;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
double h_jvp(float a, double b, float a_dot, double b_dot, double *h_dot);
double h_grad(float a, double b, float *a_bar, double *b_bar,
              double h_bar = 1.0);
float q_jvp(float x, float x_dot, float *q_dot);
float q_grad(float x, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(22);
  // f is piecewise quadratic in x: a wide step is exact, and steps over the
  // float rounding of x; the float adjoint is rounded, so the dot-product
  // test holds to float precision.
  fd::GradTol ftol;
  ftol.fd_step = 1e-2;
  ftol.fd_rtol = ftol.fd_atol = 1e-4;
  ftol.dot_rtol = ftol.acc_rtol = 1e-6;
  for (int k = 0; k < 20;) {
    double x = rng.uniform(-2, 2), b = rng.uniform(-2, 2);
    double frac = 3 * x - std::floor(3 * x);
    if (frac < 0.05 || frac > 0.95) continue;  // k = (int)(3x) jumps
    ++k;
    int n = k % 5;
    std::string p = fd::at({x, b}) + " n=" + std::to_string(n);
    fd::check_grad("f", p, {x}, 1,
        [n](const fd::Vec &z) { return fd::Vec{f(z[0], n)}; },
        [n](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(z[0], n, zd[0], &(*yd)[0])};
        },
        [n](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(z[0], n, &(*zb)[0], yb[0])};
        },
        rng, ftol);
    // h: a float and a double adjoint, from one call.
    float a = float(x), ab = 0.0f;
    double bb = 0.0;
    double v = h_grad(a, b, &ab, &bb);
    fd::check_equal("h", p, v, h(a, b));
    fd::check_close("dh/da", p, ab, fd::central_f([&](float t) { return h(t, b); }, a), 1e-4, 1e-4);
    fd::check_close("dh/db", p, bb, fd::central([&](double t) { return h(a, t); }, b, 1e-2), 1e-4, 1e-4);
    float ad = float(rng.uniform(-1, 1)), as = 0.0f;
    double bd = rng.uniform(-1, 1), hb = rng.uniform(-1, 1), hd = 0, bs = 0;
    fd::check_equal("h jvp", p, h_jvp(a, b, ad, bd, &hd), h(a, b));
    h_grad(a, b, &as, &bs, hb);
    fd::check_close("h dot-product test", p, hd * hb, double(ad) * as + bd * bs, 1e-6, 1e-6);
    h_grad(a, b, &ab, &bb);  // accumulates
    fd::check_close("h twice a", p, ab, 2.0 * double(as) / hb, 1e-5, 1e-5);
    fd::check_close("h twice b", p, bb, 2.0 * bs / hb, 1e-10, 1e-10);
    // q: a float function, float seed.
    float xb = 0.0f, qd = 0.0f;
    float w = q_grad(a, &xb);
    fd::check_equal("q", p, w, q(a));
    fd::check_close("dq/dx", p, xb, fd::central_f([&](float t) { return q(t); }, a), 2e-3, 2e-3);
    fd::check_equal("q jvp", p, q_jvp(a, 1.0f, &qd), q(a));
    fd::check_close("q jvp vs grad", p, qd, xb, 1e-6, 1e-6);
    float xs = 0.0f;
    q_grad(a, &xs, 3.0f);
    fd::check_close("q seed 3", p, xs, 3.0 * double(xb), 1e-6, 1e-6);
  }
  return fd::finish();
}
#endif
