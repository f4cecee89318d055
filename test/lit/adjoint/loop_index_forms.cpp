// Reverse mode of loops whose index the backward sweep must get back
// exactly: a step of 3 from 1, a step of -2 down to 0, an index that also
// moves inside the body, a bound that shrinks inside the body, and a while
// loop stepping by a data-dependent 1 or 2 with a break. a and a_bar end at
// an inaccessible page, so a wrong index faults or fails.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(a) grad(a)
double l_step(const double *a, int n) {
  double s = 0.0;
  for (int i = 1; i < n; i += 3) s += a[i] * a[i - 1];
  for (int i = n - 1; i >= 0; i -= 2) s = s * a[i] + 1.0;
  for (int i = 0; i < n; ++i) {
    s += std::sin(a[i]) * s;
    if (a[i] > 0.5) ++i;       // the index moves inside the body
  }
  int m = n;
  for (int i = 0; i < m; ++i) {
    s += a[i] * a[m - 1];
    if (a[i] < -0.5) --m;      // the bound moves inside the body
  }
  int j = 0;
  while (j < n) {
    j += 1 + (a[j] > 0.0 ? 1 : 0);
    if (j >= n) break;
    s += a[j] * s * 0.5;
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double l_step_grad(const double *a, int n, double *a_bar,
// CHECK-NEXT: double l_step_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: a_bar[{{.+}}] +=
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double l_step_jvp(const double *a, int n, const double *a_dot, double *d);
double l_step_grad(const double *a, int n, double *a_bar,
                   double l_step_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(53);
  for (int k = 0; k < 60; ++k) {
    int n = k % 10;
    Vec x = rng.vec(n, -1, 1);
    bool near = false;  // a switch of the index or bound logic
    for (double e : x)
      near = near || std::fabs(e - 0.5) < 1e-3 || std::fabs(e + 0.5) < 1e-3 ||
             std::fabs(e) < 1e-3;
    if (near) continue;
    fd::check_grad("l_step", fd::at(x), x, n,
        [n](const Vec &a) { return Vec{l_step(a.data(), n)}; },
        [n](const Vec &a, const Vec &ad, Vec *yd) {
          fd::Guarded g(a, fd::Guarded::End), gd(ad, fd::Guarded::End);
          return Vec{l_step_jvp(g.data(), n, gd.data(), &(*yd)[0])};
        },
        [n](const Vec &a, const Vec &yb, Vec *ab) {
          fd::Guarded g(a, fd::Guarded::End), gb(*ab, fd::Guarded::End);
          double v = l_step_grad(g.data(), n, gb.data(), yb[0]);
          for (int i = 0; i < n; ++i) (*ab)[i] = gb[i];
          return Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
