// Reverse mode of a local array element read in the very expression that
// overwrites it: a[i] = a[i] * a[i+1] (forwards), a[i] = a[i-1] * a[i]
// (backwards, reading an element just overwritten), a[i] = a[i]*a[i] + ...,
// over several passes so each element is overwritten many times. The
// adjoint must use each element's value from before its overwrite.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x) grad(x)
double f(const double *x, int n, int passes) {
  double a[8];
  for (int i = 0; i < n; ++i)
    a[i] = x[i];
  for (int p = 0; p < passes; ++p) {
    for (int i = 0; i < n - 1; ++i)
      a[i] = a[i] * a[i + 1];
    for (int i = n - 1; i > 0; --i)
      a[i] = a[i - 1] * a[i] + 0.25;
    a[0] = a[0] * a[0] + std::sin(a[n - 1]);
  }
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *x, int n, int passes, double *x_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: double a_bar[8] = {};
// The loop at line 22 reads a[i - 1] and a[i]: one index, taped once.
// CHECK: a[[[I2:i_[0-9]+]]] = {{.+}} + 0.25;
// CHECK-NEXT: tape_int.push([[I2]]);
// CHECK-NEXT: tape_double.push(
// CHECK-NEXT: tape_double.push(
// CHECK-NEXT: }
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// In reverse, a[i] = a[i] * a[i+1]: a_bar[i] is read, then scaled in place
// by the old a[i+1] (its term on itself, though its two `i`s lower apart),
// and a_bar[i+1] gains the old a[i] times it.
// CHECK: backward sweep of the loop at line 20,
// CHECK: [[AB:v[0-9]+]] = a_bar[[[I:v[0-9]+]]];
// CHECK-NEXT: a_bar[[[I]]] = {{v[0-9]+}} * [[AB]];
// CHECK-NEXT: const int [[I1:v[0-9]+]] = [[I]] + 1;
// CHECK-NEXT: a_bar[[[I1]]] += {{v[0-9]+}} * [[AB]];
// CHECK: x_bar[{{.+}}] +=
// CHECK: return {{.+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, int n, int passes, const double *x_dot,
             double *f_dot);
double f_grad(const double *x, int n, int passes, double *x_bar,
              double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(33);
  for (int k = 0; k < 24; ++k) {
    int n = 2 + k % 7, passes = k % 4;
    Vec x = rng.vec(n, -0.9, 0.9);
    fd::check_grad("f", fd::at(x) + " passes=" + std::to_string(passes), x, n,
        [n, passes](const Vec &z) { return Vec{f(z.data(), n, passes)}; },
        [n, passes](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{f_jvp(z.data(), n, passes, zd.data(), &(*yd)[0])};
        },
        [n, passes](const Vec &z, const Vec &yb, Vec *zb) {
          fd::Guarded gb(*zb, fd::Guarded::End);
          double v = f_grad(z.data(), n, passes, gb.data(), yb[0]);
          for (int i = 0; i < n; ++i) (*zb)[i] = gb[i];
          return Vec{v};
        },
        rng);
  }
  // By hand: n = 2, one pass. a = (x0 x1, x0 x1 x1 + 1/4), then
  // a0 = a0^2 + sin(a1); f = a0 + a1.
  double x[2] = {0.5, -0.75}, xb[2] = {0, 0};
  double a0 = x[0] * x[1], a1 = a0 * x[1] + 0.25;
  double d0 = 2 * a0 * x[1] + (std::cos(a1) + 1) * x[1] * x[1];
  double d1 = 2 * a0 * x[0] + (std::cos(a1) + 1) * 2 * x[0] * x[1];
  f_grad(x, 2, 1, xb);
  fd::check_close("by hand d/dx0", "(0.5, -0.75)", xb[0], d0, 1e-14, 1e-14);
  fd::check_close("by hand d/dx1", "(0.5, -0.75)", xb[1], d1, 1e-14, 1e-14);
  return fd::finish();
}
#endif
