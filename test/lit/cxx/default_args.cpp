// Calls with default arguments to functions of the file (the default is
// evaluated at the call, as in C++), and to a lambda with one. f_grad and
// f_jvp against central differences, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

constexpr double kRate = 0.25;
double g(double x, double s = 2.0, int n = 3) { return s * std::pow(x, n); }
float gf(float x, float s = 0.5f) { return s * x * x; }

#pragma adgen jvp grad
double f(double x, double y) {
  auto lin = [&](double t, double w = kRate) { return w * t + y; };
  return g(x) + g(x, y) + g(y, x, 2) + lin(x) + lin(x, x);
}
// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK: double g_s = 2.0;
// CHECK: int g_n = 3;
// CHECK: double lin_w = 0.25;

#pragma adgen jvp grad
float q(float x) { return gf(x) + gf(x, x); }

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar, double f_bar = 1.0);
float q_jvp(float x, float x_dot, float *q_dot);
float q_grad(float x, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::check_scalar_grad(1, 20, {{0.2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  fd::Rng rng(2);
  for (int i = 0; i < 10; ++i) {
    float x = float(rng.uniform(-2, 2)), xb = 0.0f, qd = 0.0f;
    std::string p = fd::at({x});
    fd::check_equal("q", p, q_grad(x, &xb), q(x));
    fd::check_close("dq/dx", p, xb,
                    fd::central_f([](float t) { return q(t); }, x), 2e-3, 2e-3);
    fd::check_equal("q jvp", p, q_jvp(x, 1.0f, &qd), q(x));
    fd::check_close("q jvp vs grad", p, qd, xb, 1e-6, 1e-6);
  }
  return fd::finish();
}
#endif
