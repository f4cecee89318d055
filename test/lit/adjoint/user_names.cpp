// User identifiers that look like adgen's own names: temporaries (v1),
// adjoints (s_bar next to s, x_bar, f_bar), loop bookkeeping (trips, k),
// tapes (tape_double), and an inlined helper's renamed local (dot_s). The
// generated code must keep the user's meaning: same value, right gradient.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

#pragma adgen jvp grad
double f(double x) {
  double v1 = 0.5, s = 1.0;
  for (int i = 0; i < 2; ++i)
    s = s * x + v1;
  return s + v1;
}

#pragma adgen jvp(x) grad(x)
double g(const double *x, int n) {
  double s = 1.0, s_bar = 2.0, v2 = 0.5, trips = 0.0, dot_s = 3.0;
  int k = 0;
  for (int i = 0; i < n; ++i) {
    double tape_double = x[i] * s_bar;
    s = s * tape_double + v2;
    trips += s;
    dot_s *= x[i];
    ++k;
  }
  double x_bar = dot(x, x, n) + dot_s;
  double f_bar = x_bar * k;
  return s + trips + f_bar + v2;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double *x_bar, double f_bar = 1.0) {
// CHECK: double v1 = 0.5;
// CHECK: return
// CHECK-LABEL: ADGEN_HD double g_grad(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double x_dot, double *f_dot);
double f_grad(double x, double *x_bar, double f_bar = 1.0);
double g_jvp(const double *x, int n, const double *x_dot, double *g_dot);
double g_grad(const double *x, int n, double *x_bar, double g_bar = 1.0);
using fd::Vec;
int main() {
  // f(x) = (x + 0.5) x + 0.5 + 0.5, f' = 2x + 0.5.
  double xb = 0;
  fd::check_equal("f(2)", "(2)", f_grad(2.0, &xb), 6.0);
  fd::check_equal("f'(2)", "(2)", xb, 4.5);
  fd::check_scalar_grad(51, 10, {{-2, 2}}, {0},
      [](const Vec &a) { return f(a[0]); },
      [](const Vec &a, const Vec &e, double *d) { return f_jvp(a[0], e[0], d); },
      [](const Vec &a, double fb, Vec &b) { return f_grad(a[0], &b[0], fb); });
  fd::Rng rng(52);
  for (int n = 0; n <= 5; ++n) {
    Vec x = rng.vec(n, -1, 1);
    fd::check_grad("g", fd::at(x), x, n,
        [n](const Vec &a) { return Vec{g(a.data(), n)}; },
        [n](const Vec &a, const Vec &ad, Vec *yd) {
          return Vec{g_jvp(a.data(), n, ad.data(), &(*yd)[0])};
        },
        [n](const Vec &a, const Vec &yb, Vec *ab) {
          return Vec{g_grad(a.data(), n, ab->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
