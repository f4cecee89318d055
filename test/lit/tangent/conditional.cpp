// ?: with a data-dependent condition, and ?: whose arm reads an array only
// when the index is in range (the read must stay inside the arm).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, double y) {
  double t = x > y ? x * x : std::sin(x) * y;
  return t + (x * y < 0.5 ? y : x);
}

#pragma adgen jvp(a)
double g(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < 4; ++i)
    s += (i < n ? a[i] * a[i] : 0.0) * (i + 1);
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double *f_dot) {
// CHECK: x > y
// CHECK: < 0.5;
// CHECK: *f_dot =
// The arm reading a[i] is only evaluated (value and tangent) when i < n.
// CHECK-LABEL: ADGEN_HD double g_jvp(const double *a, int n, const double *a_dot,
// CHECK: for (int i = 0; i < 4; ++i) {
// CHECK: const bool [[C:v[0-9]+]] = i < n;
// CHECK-NOT: a[i]
// CHECK: if ([[C]]) {
// CHECK: a[i]
// CHECK: a_dot[i]
// CHECK: } else {
// CHECK-NOT: a[i]
// CHECK: }
// CHECK: *g_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double g_jvp(const double *a, int n, const double *a_dot, double *g_dot);
int main() {
  fd::check_scalar_jvp(9, 20, {{-2, 2}, {-2, 2}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      });
  fd::Rng rng(9);
  for (int n = 0; n <= 4; ++n) {
    for (int k = 0; k < 4; ++k) {
      std::vector<double> a = rng.vec(n, -2, 2), v = rng.vec(n, -1, 1);
      // a[n] and a_dot[n] lie in an inaccessible page.
      fd::Guarded ga(a, fd::Guarded::End), gv(v, fd::Guarded::End);
      std::string p = fd::at(a) + " n=" + std::to_string(n);
      double d = 0;
      double val = g_jvp(ga.data(), n, gv.data(), &d);
      fd::check_equal("g", p, val, g(a.data(), n));
      fd::check_close("g along v", p, d, fd::directional([&](double t) {
                        return g(fd::axpy(a, t, v).data(), n); }));
    }
  }
  double d0 = 1.0;  // n = 0: nothing may be read at all
  fd::check_equal("g(nullptr, 0)", "()", g_jvp(nullptr, 0, nullptr, &d0), 0.0);
  fd::check_equal("g(nullptr, 0) dot", "()", d0, 0.0);
  return fd::finish();
}
#endif
