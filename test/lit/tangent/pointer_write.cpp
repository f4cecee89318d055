// A double* the function writes is always active: out_dot carries the tangent
// of its initial value in and of its final value out. f reads out's initial
// value; g never does (its initial tangent must be ignored).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x)
void f(const double *x, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = out[i] * x[i] + std::sin(x[i]);
  out[0] *= out[n - 1];
}

#pragma adgen jvp(x)
double g(double x, double *out) {
  out[0] = x * x;
  out[1] = std::exp(out[0]);
  return out[1] - x;
}

// CHECK-LABEL: ADGEN_HD void f_jvp(const double *x, double *out, int n, const double *x_dot,
// CHECK-NEXT: double *out_dot) {
// The tangent is updated before the value it reads is overwritten.
// CHECK: const double [[O:v[0-9]+]] = out[i];
// CHECK: out_dot[i] =
// CHECK-SAME: out_dot[i]
// CHECK-NEXT: out[i] =
// CHECK: out_dot[0] =
// CHECK-NEXT: out[0] =
// CHECK-NEXT: }
// CHECK-LABEL: ADGEN_HD double g_jvp(double x, double *out, double x_dot, double *out_dot,
// CHECK-NEXT: double *g_dot) {
// CHECK: out_dot[0] = (x + x) * x_dot;
// CHECK: out_dot[1] =
// CHECK: *g_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
void f_jvp(const double *x, double *out, int n, const double *x_dot,
           double *out_dot);
double g_jvp(double x, double *out, double x_dot, double *out_dot,
             double *g_dot);
int main() {
  fd::Rng rng(18);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 5;
    std::vector<double> x = rng.vec(n, -1.5, 1.5), o = rng.vec(n, -1, 1),
                        v = rng.vec(n, -1, 1), w = rng.vec(n, -1, 1);
    std::string p = fd::at(x) + " out=" + fd::at(o);
    std::vector<double> out = o, out_dot = w, want = o;
    f_jvp(x.data(), out.data(), n, v.data(), out_dot.data());
    f(x.data(), want.data(), n);
    for (int i = 0; i < n; ++i) {
      std::string e = "[" + std::to_string(i) + "]";
      fd::check_equal("out" + e, p, out[i], want[i]);
      fd::check_close("out_dot" + e, p, out_dot[i], fd::directional([&](double t) {
                        std::vector<double> xt = fd::axpy(x, t, v), ot = fd::axpy(o, t, w);
                        f(xt.data(), ot.data(), n);
                        return ot[i]; }));
    }
    double xs = x[0], go[2] = {7, 7}, gw[2] = {7, 7}, gd[2] = {1e300, -1e300}, d = 0;
    double val = g_jvp(xs, go, 1.0, gd, &d);
    fd::check_equal("g", p, val, g(xs, gw));
    fd::check_equal("g out[0]", p, go[0], gw[0]);
    fd::check_equal("g out[1]", p, go[1], gw[1]);
    fd::check_close("dg/dx", p, d, fd::central([&](double t) { double o2[2]; return g(t, o2); }, xs));
    fd::check_close("g out_dot[0]", p, gd[0], fd::central([&](double t) { double o2[2]; g(t, o2); return o2[0]; }, xs));
    fd::check_close("g out_dot[1]", p, gd[1], fd::central([&](double t) { double o2[2]; g(t, o2); return o2[1]; }, xs));
  }
  return fd::finish();
}
#endif
