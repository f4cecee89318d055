// Reverse mode of the three spellings of a math function: plain, std::, and
// f-suffixed in a float function (which gets float adjoints and a float
// seed).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <math.h>

#pragma adgen jvp grad
double g(double x) { return sin(x) * std::sin(2.0 * x) + cos(x); }

#pragma adgen jvp grad
float h(float x) { return sinf(x) * x + std::sin(x) + expf(0.5f * x); }

// CHECK-LABEL: ADGEN_HD double g_grad(double x, double *x_bar, double g_bar = 1.0) {
// CHECK: std::sin(x)
// CHECK: std::cos(x)
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// A float function: float adjoints, a float seed, float arithmetic.
// CHECK-LABEL: ADGEN_HD float h_grad(float x, float *x_bar, float h_bar = 1.0f) {
// CHECK-NOT: double
// CHECK: {{(std::sin|sinf)}}(x)
// CHECK: 0.5f * x
// CHECK: {{\*x_bar \+?=}}
// CHECK-NOT: double
// CHECK: return v{{[0-9]+}};
// CHECK-NEXT: }

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double g_jvp(double x, double x_dot, double *g_dot);
double g_grad(double x, double *x_bar, double g_bar = 1.0);
float h_jvp(float x, float x_dot, float *h_dot);
float h_grad(float x, float *x_bar, float h_bar = 1.0f);
int main() {
  fd::check_scalar_grad(8, 20, {{-3, 3}}, {0},
      [](const fd::Vec &a) { return g(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return g_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return g_grad(a[0], &bar[0], fbar);
      });
  fd::Rng rng(8);
  for (int k = 0; k < 20; ++k) {
    float x = float(rng.uniform(-3, 3)), s = float(rng.uniform(-2, 2));
    std::string p = fd::at({x});
    float xb = 0;
    float v = h_grad(x, &xb);  // the default seed, 1
    fd::check_equal("h", p, v, h(x));
    fd::check_close("dh/dx", p, xb, fd::central_f([&](float t) { return h(t); }, x), 2e-3, 2e-3);
    // Float: the dot-product test to float precision.
    float dot = 0, xs = 0;
    fd::check_equal("h jvp", p, h_jvp(x, 1.0f, &dot), h(x));
    h_grad(x, &xs, s);
    fd::check_close("h dot-product test", p, double(xs), double(s) * dot, 1e-5, 1e-5);
    h_grad(x, &xb);  // accumulates
    float once = 0;
    h_grad(x, &once);
    fd::check_close("h twice", p, xb, 2.0 * double(once), 1e-6, 1e-6);
  }
  return fd::finish();
}
#endif
