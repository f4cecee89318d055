// The jvp list picks the active parameters: a subset gets tangents only for
// those named (in parameter order, whatever the list's order); no list makes
// every floating-point parameter, pointers included, active.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(y)
double f(double x, double y, double z) { return x * std::sin(y) + y * z; }

#pragma adgen jvp(z, x)
double h(double x, double y, double z) { return x * std::sin(y) + y * z; }

#pragma adgen jvp
double g(double x, const double *w, int n) {
  double s = x;
  for (int i = 0; i < n; ++i)
    s = s * w[i] + std::cos(x * w[i]);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double z, double y_dot,
// CHECK-NEXT: double *f_dot) {
// CHECK-NOT: x_dot
// CHECK-NOT: z_dot
// CHECK: *f_dot =
// jvp(z, x): tangents in parameter order, y gets none.
// CHECK-LABEL: ADGEN_HD double h_jvp(double x, double y, double z, double x_dot, double z_dot,
// CHECK-NEXT: double *h_dot) {
// CHECK-NOT: y_dot
// CHECK: *h_dot =
// No list: the scalar and the const pointer are both active.
// CHECK-LABEL: ADGEN_HD double g_jvp(double x, const double *w, int n, double x_dot,
// CHECK-NEXT: const double *w_dot, double *g_dot) {
// CHECK: w_dot[i]
// CHECK: *g_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double z, double y_dot, double *f_dot);
double h_jvp(double x, double y, double z, double x_dot, double z_dot,
             double *h_dot);
double g_jvp(double x, const double *w, int n, double x_dot,
             const double *w_dot, double *g_dot);
int main() {
  fd::Rng rng(26);
  for (int k = 0; k < 20; ++k) {
    double x = rng.uniform(-2, 2), y = rng.uniform(-2, 2), z = rng.uniform(-2, 2);
    std::string p = fd::at({x, y, z});
    double d = 0;
    double v = f_jvp(x, y, z, 1.0, &d);
    fd::check_equal("f", p, v, f(x, y, z));
    fd::check_close("df/dy", p, d, fd::central([&](double t) { return f(x, t, z); }, y));
    v = h_jvp(x, y, z, 1.0, 0.0, &d);
    fd::check_equal("h", p, v, h(x, y, z));
    fd::check_close("dh/dx", p, d, fd::central([&](double t) { return h(t, y, z); }, x));
    h_jvp(x, y, z, 0.0, 1.0, &d);
    fd::check_close("dh/dz", p, d, fd::central([&](double t) { return h(x, y, t); }, z));
    int n = 1 + k % 4;
    double u = rng.uniform(-1, 1);
    std::vector<double> w = rng.vec(n, -1, 1), vw = rng.vec(n, -1, 1);
    v = g_jvp(x, w.data(), n, u, vw.data(), &d);
    fd::check_equal("g", p, v, g(x, w.data(), n));
    fd::check_close("g along (u, vw)", p, d, fd::directional([&](double t) {
                      return g(x + t * u, fd::axpy(w, t, vw).data(), n); }));
  }
  return fd::finish();
}
#endif
