// Declarations in conditions: `if (T y = ...)`, `if (init; cond)`,
// `while (int k = ...)`, `for (...; int k = ...; ...)`: the variable is
// declared where the condition is evaluated (before the if; in a loop, at
// each test). f_grad and f_jvp against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double g(double x) { return x > 0.5 ? x - 0.5 : 0.0; }
int next(int k) { return k > 0 ? k - 1 : 0; }

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double s = 0.0;
  if (double y = g(x))
    s += y * y;
  else
    s -= x;
  if (double z = std::sin(x); z > 0.2)
    s += z * x;
  int left = n;
  while (int k = next(left)) {
    s += k * std::cos(s + x);
    left = k;
  }
  for (int i = 0; int m = n - i; ++i)
    s = s * 0.9 + m * x;
  return s;
}
// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: double y = g_result;
// CHECK-NEXT: const bool [[Y:v[0-9]+]] = static_cast<bool>(y);
// CHECK-NEXT: if ([[Y]]) {
// CHECK: double z = std::sin(x);
// CHECK-NEXT: const bool [[Z:v[0-9]+]] = z > 0.2;
// CHECK-NEXT: if ([[Z]]) {
// The condition's variable is declared before the loop, set at each test.
// CHECK: int k = 0;
// CHECK: for (;;) {
// CHECK: k = next_result;
// CHECK-NEXT: if (!(static_cast<bool>(k)))
// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int n, double x_dot, double *f_dot) {
// CHECK: for (int m = 0;;) {
// CHECK-NEXT: m = n - i;

#pragma adgen jvp grad
float q(float x, int n) {
  float r = x;
  if (float t = r * r - 1.0f; t > 0.0f)
    r = t;
  while (int k = n--)
    r = r * 0.5f + k * x;
  return r;
}

// Clad's FirstDerivative/Loops.C fn9, fn10: a condition's variable the
// body reads after a continue or break (the break nests the condition).
#pragma adgen jvp grad
double fn9(double i, double j) {
  int counter = 4;
  double a = i * j;
  while (int num = counter) {
    counter -= 1;
    if (num == 2)
      continue;
    a += i * i * num;
  }
  return a;
}

#pragma adgen jvp grad
double fn10(double x, unsigned long n) {
  double res = 0;
  for (unsigned long count = 0; unsigned long max_count = n; ++count) {
    if (count >= max_count)
      break;
    if (double y = x)
      res += y * y * static_cast<double>(max_count - count);
  }
  return res;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double fn9_jvp(double i, double j, double i_dot, double j_dot, double *fn9_dot);
double fn9_grad(double i, double j, double *i_bar, double *j_bar, double fn9_bar = 1.0);
double fn10_jvp(double x, unsigned long n, double x_dot, double *fn10_dot);
double fn10_grad(double x, unsigned long n, double *x_bar, double fn10_bar = 1.0);
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
float q_jvp(float x, int n, float x_dot, float *q_dot);
float q_grad(float x, int n, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(5);
  for (int n = 0; n < 5; ++n)
    fd::check_scalar_grad(n, 8, {{-1.5, 1.5}, {n, n}}, {0},
        [](const fd::Vec &a) { return f(a[0], int(a[1])); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], int(a[1]), e[0], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], int(a[1]), &bar[0], fbar);
        });
  fd::GradTol ftol;
  ftol.fd_step = 1e-2;
  ftol.fd_rtol = ftol.fd_atol = 5e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  for (int n = 0; n < 5; ++n)
    for (int i = 0; i < 6; ++i) {
      fd::Vec x0{rng.uniform(-2, 2)};
      if (std::fabs(x0[0] * x0[0] - 1.0) < 0.1) continue; // the if's edge
      fd::check_grad("q", fd::at(x0) + " n=" + std::to_string(n), x0, 1,
          [&](const fd::Vec &z) { return fd::Vec{double(q(float(z[0]), n))}; },
          [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            float d = 0;
            float v = q_jvp(float(z[0]), n, float(zd[0]), &d);
            (*yd)[0] = d;
            return fd::Vec{double(v)};
          },
          [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            float b = float((*zb)[0]);
            float v = q_grad(float(z[0]), n, &b, float(yb[0]));
            (*zb)[0] = b;
            return fd::Vec{double(v)};
          },
          rng, ftol);
    }
  for (int t = 0; t < 10; ++t) {
    fd::Vec x0{rng.uniform(-2, 2), rng.uniform(-2, 2)};
    fd::check_grad("fn9", fd::at(x0), x0, 2,
        [&](const fd::Vec &z) { return fd::Vec{fn9(z[0], z[1])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{fn9_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{fn9_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    unsigned long n = static_cast<unsigned long>(t % 4);
    fd::Vec x1{rng.uniform(-2, 2)};
    fd::check_grad("fn10", fd::at(x1), x1, 1,
        [&](const fd::Vec &z) { return fd::Vec{fn10(z[0], n)}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{fn10_jvp(z[0], n, zd[0], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{fn10_grad(z[0], n, &(*zb)[0], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
