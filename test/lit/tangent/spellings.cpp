// The three spellings of a math function: plain, std::, and f-suffixed in a
// float function (which gets float tangents).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <math.h>

#pragma adgen jvp
double g(double x) { return sin(x) * std::sin(2.0 * x) + cos(x); }

#pragma adgen jvp
float h(float x) { return sinf(x) * x + std::sin(x) + expf(0.5f * x); }

// CHECK-LABEL: ADGEN_HD double g_jvp(double x, double x_dot, double *g_dot) {
// CHECK: std::sin(x)
// CHECK: std::cos(x)
// CHECK: *g_dot =
// CHECK-SAME: -{{ ?}}std::sin(x)
// A float function: float tangents, float arithmetic, no double anywhere.
// CHECK-LABEL: ADGEN_HD float h_jvp(float x, float x_dot, float *h_dot) {
// CHECK-NOT: double
// CHECK: const float [[S:v[0-9]+]] = {{(std::sin|sinf)}}(x);
// CHECK: 0.5f * x
// CHECK: *h_dot = ({{(std::cos|cosf)}}(x) * x + [[S]]
// CHECK-NOT: double
// CHECK: return v{{[0-9]+}};
// CHECK-NEXT: }

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double g_jvp(double x, double x_dot, double *g_dot);
float h_jvp(float x, float x_dot, float *h_dot);
int main() {
  fd::Rng rng(8);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-3, 3);
    std::string p = fd::at({x});
    double dg = 0;
    double v = g_jvp(x, 1.0, &dg);
    fd::check_equal("g", p, v, g(x));
    fd::check_close("dg/dx", p, dg, fd::central([&](double t) { return g(t); }, x));
    float xf = float(x), dh = 0;
    float w = h_jvp(xf, 1.0f, &dh);
    fd::check_equal("h", p, w, h(xf));
    // Float: a coarser step and tolerance.
    fd::check_close("dh/dx", p, dh, fd::central_f([&](float t) { return h(t); }, xf), 2e-3, 2e-3);
  }
  return fd::finish();
}
#endif
