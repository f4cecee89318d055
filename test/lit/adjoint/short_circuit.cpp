// Reverse mode of && and || guarding an array read: the read and the
// adjoint's write to a_bar must happen only when the guard lets it. The
// arrays (and their adjoints) sit against inaccessible pages, so touching
// a[-1] or a[n] faults.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp grad
double f(const double *a, int n, double x) {
  double s = 0.0;
  for (int i = -1; i <= n; ++i) {
    if (i >= 0 && i < n && a[i] > 0.0)
      s += a[i] * x;
    if (i < 0 || i >= n || a[i] < -0.5)
      s += x;
    else
      s += a[i] * a[i];
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *a, int n, double x, double *a_bar,
// CHECK-NEXT: double *x_bar, double f_bar = 1.0) {
// CHECK: i >= 0 && i < n
// CHECK: a[i] > 0.0
// CHECK: i < 0 || i >= n
// CHECK: a[i] < -0.5
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: if (
// CHECK: a_bar[{{.+}}] +=
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, double x, const double *a_dot,
             double x_dot, double *f_dot);
double f_grad(const double *a, int n, double x, double *a_bar, double *x_bar,
              double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(24);
  for (int k = 0; k < 24; ++k) {
    int n = k % 6;
    double x = rng.uniform(-2, 2);
    Vec a = rng.vec(n, -1, 1);
    for (double &e : a)
      if (std::fabs(e) < 1e-3 || std::fabs(e + 0.5) < 1e-3) e = 0.25;
    fd::Guarded::Side side = k % 2 ? fd::Guarded::Begin : fd::Guarded::End;
    // Inputs: a[0..n), then x.
    Vec z = a;
    z.push_back(x);
    fd::check_grad("f", fd::at(z), z, n + 1,
        [n](const Vec &v) { return Vec{f(v.data(), n, v[n])}; },
        [n, side](const Vec &v, const Vec &vd, Vec *yd) {
          fd::Guarded ga(Vec(v.begin(), v.begin() + n), side),
              gd(Vec(vd.begin(), vd.begin() + n), side);
          return Vec{f_jvp(ga.data(), n, v[n], gd.data(), vd[n], &(*yd)[0])};
        },
        [n, side](const Vec &v, const Vec &yb, Vec *vb) {
          fd::Guarded ga(Vec(v.begin(), v.begin() + n), side),
              gb(Vec(vb->begin(), vb->begin() + n), side);
          double r = f_grad(ga.data(), n, v[n], gb.data(), &(*vb)[n], yb[0]);
          for (int i = 0; i < n; ++i) (*vb)[i] = gb[i];
          return Vec{r};
        },
        rng);
  }
  double xb = 0;  // n = 0: no element may be read or written
  fd::check_equal("f(nullptr, 0, 1)", "()", f_grad(nullptr, 0, 1.0, nullptr, &xb), 2.0);
  fd::check_equal("f(nullptr, 0, 1) x_bar", "()", xb, 2.0);
  return fd::finish();
}
#endif
