// && and || guarding an array read: the read (and its tangent's) must happen
// only when the guard lets it. The arrays sit against inaccessible pages, so
// reading a[-1] or a[n] faults.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp
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

// The guarded read (and the tangent read) stay behind the guard.
// CHECK-LABEL: ADGEN_HD double f_jvp(const double *a, int n, double x, const double *a_dot,
// CHECK: for (int i = -1; i <= n; ++i) {
// CHECK-NOT: a[i]
// CHECK: i >= 0 && i < n
// CHECK-NOT: a[i]
// CHECK: if (
// CHECK: a[i] > 0.0
// CHECK: a_dot[i]
// CHECK-NOT: a[i]
// CHECK: i < 0 || i >= n
// CHECK: a[i] < -0.5
// CHECK: *f_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, double x, const double *a_dot,
             double x_dot, double *f_dot);
int main() {
  fd::Rng rng(24);
  for (int k = 0; k < 24; ++k) {
    int n = k % 6;
    double x = rng.uniform(-2, 2), u = rng.uniform(-1, 1);
    std::vector<double> a = rng.vec(n, -1, 1), v = rng.vec(n, -1, 1);
    for (double &e : a)
      if (std::fabs(e) < 1e-3 || std::fabs(e + 0.5) < 1e-3) e = 0.25;
    fd::Guarded::Side side = k % 2 ? fd::Guarded::Begin : fd::Guarded::End;
    fd::Guarded ga(a, side), gv(v, side);
    std::string p = fd::at(a) + " x=" + fd::at({x});
    double d = 0;
    double val = f_jvp(ga.data(), n, x, gv.data(), u, &d);
    fd::check_equal("f", p, val, f(a.data(), n, x));
    fd::check_close("f along (v, u)", p, d, fd::directional([&](double t) {
                      return f(fd::axpy(a, t, v).data(), n, x + t * u); }));
  }
  double d0 = 0;  // n = 0: no element may be read
  fd::check_equal("f(nullptr, 0, 1)", "()", f_jvp(nullptr, 0, 1.0, nullptr, 1.0, &d0), 2.0);
  fd::check_equal("f(nullptr, 0, 1) dot", "()", d0, 2.0);
  return fd::finish();
}
#endif
