// Reverse mode of ?: with a data-dependent condition, and ?: whose arm reads
// an array only when the index is in range (the read, and the adjoint's write
// to a_bar, must stay inside the arm: a and a_bar end at an inaccessible
// page).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x) grad(x)
double f(double x, double y) {
  double t = x > y ? x * x : std::sin(x) * y;
  return t + (x * y < 0.5 ? y : x);
}

#pragma adgen jvp(a) grad(a)
double g(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < 4; ++i)
    s += (i < n ? a[i] * a[i] : 0.0) * (i + 1);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double f_bar = 1.0) {
// CHECK-NOT: y_bar
// CHECK: x > y
// CHECK: < 0.5
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};
// CHECK-LABEL: ADGEN_HD double g_grad(const double *a, int n, double *a_bar,
// CHECK-NEXT: double g_bar = 1.0) {
// CHECK: const bool [[C:v[0-9]+]] = i < n;
// CHECK: if ([[C]]) {
// CHECK: a[i]
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: if (
// CHECK: a_bar[{{.+}}] +=
// CHECK: } else {
// CHECK-NOT: a_bar
// CHECK: }
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double f_bar = 1.0);
double g_jvp(const double *a, int n, const double *a_dot, double *g_dot);
double g_grad(const double *a, int n, double *a_bar, double g_bar = 1.0);
int main() {
  fd::Rng rng(9);
  for (int k = 0; k < 20;) {
    double x = rng.uniform(-2, 2), y = rng.uniform(-2, 2);
    if (std::fabs(x - y) < 1e-3 || std::fabs(x * y - 0.5) < 1e-3) continue;
    ++k;
    fd::check_grad("f", fd::at({x, y}), {x}, 1,
        [y](const fd::Vec &z) { return fd::Vec{f(z[0], y)}; },
        [y](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(z[0], y, zd[0], &(*yd)[0])};
        },
        [y](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(z[0], y, &(*zb)[0], yb[0])};
        },
        rng);
  }
  for (int n = 0; n <= 4; ++n) {
    for (int k = 0; k < 4; ++k) {
      std::vector<double> a = rng.vec(n, -2, 2);
      fd::check_grad("g", fd::at(a) + " n=" + std::to_string(n), a, n,
          [n](const fd::Vec &z) { return fd::Vec{g(z.data(), n)}; },
          [n](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            // z[n] and zd[n] lie in an inaccessible page.
            fd::Guarded gz(z, fd::Guarded::End), gd(zd, fd::Guarded::End);
            return fd::Vec{g_jvp(gz.data(), n, gd.data(), &(*yd)[0])};
          },
          [n](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            fd::Guarded gz(z, fd::Guarded::End), gb(*zb, fd::Guarded::End);
            double v = g_grad(gz.data(), n, gb.data(), yb[0]);
            for (int i = 0; i < n; ++i) (*zb)[i] = gb[i];
            return fd::Vec{v};
          },
          rng);
    }
  }
  // n = 0: nothing may be read or written at all (the default seed).
  fd::check_equal("g(nullptr, 0)", "()", g_grad(nullptr, 0, nullptr), 0.0);
  return fd::finish();
}
#endif
