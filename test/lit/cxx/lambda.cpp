// Lambdas defined and called in the function, inlined at each call:
// captures by reference (read and written) and by value (scalars, an
// array, a mutable copy), reference parameters bound to variables and to
// array elements, a pointer parameter, a generic lambda, an early return,
// a lambda called where it is written, and calls inside a checkpointed
// loop. f_grad and f_jvp against central differences, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double c = 2.0, s = 0.0;
  auto sq = [&](double t) { return t * t * c; };
  auto ab = [=](double t) mutable {
    if (t < 0)
      return -t * c;
    c += x;
    return t + c;
  };
  auto acc = [&s](double t) { s += std::sin(t); };
  s = sq(x) + ab(x - 0.5);
  c = 3.0;
  s += sq(s) * 0.1 + ab(x);
  acc(s * x);
  [&] { s += std::exp(0.1 * x); }();
  for (int i = 0; i < n; ++i)
    acc(x * i);
  return s;
}
// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: double sq_t = x;
// CHECK: double sq_result = sq_t * sq_t * c;
// CHECK: bool ab_running = true;
// CHECK-LABEL: ADGEN_HD double f_jvp(
// CHECK: double ab_c = c;

// Arrays: by value, through a pointer parameter, elements by reference.
#pragma adgen jvp grad
double g(const double *x) {
  double a[3] = {x[0], x[1], x[2]};
  auto total = [a](double w) {
    double t = 0.0;
    for (int i = 0; i < 3; ++i)
      t += w * a[i] * a[i];
    return t;
  };
  auto scale = [&](double &e, const double *p) { e = e * p[1] + p[0]; };
  auto twice = [](auto v) { return v + v; };
  double before = total(x[1]);
  for (int i = 0; i < 3; ++i)
    scale(a[i], x);
  double s = 0.0;
  for (double &e : a)
    scale(e, a);
  scale(s, x);
#pragma adgen checkpoint(every 2)
  for (int i = 0; i < 3; ++i)
    s = std::tanh(s + twice(a[i]) * x[2]);
  return before + total(s) + s;
}
// CHECK-LABEL: ADGEN_HD double g_grad(
// CHECK: double total_a[3] = {};
// CHECK: int scale_e_index = i_1;
// CHECK: a[scale_e_index] = v{{[0-9]+}} * x[1] + x[0];

#pragma adgen jvp grad
float q(float x) {
  auto cube = [](float t) { return t * t * t; };
  float r = cube(x) - 2.0f * x;
  auto bump = [&r](float t) -> float {
    if (t > 1.0f)
      return t;
    r += t * t;
    return 0.5f * t;
  };
  float b = bump(x);
  b += bump(2.0f * x);
  return r + b;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
double g_jvp(const double *x, const double *x_dot, double *g_dot);
double g_grad(const double *x, double *x_bar, double g_bar = 1.0);
float q_jvp(float x, float x_dot, float *q_dot);
float q_grad(float x, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(13);
  for (int n = 0; n < 4; ++n)
    fd::check_scalar_grad(n, 8, {{-1.5, 1.5}, {n, n}}, {0},
        [](const fd::Vec &a) { return f(a[0], int(a[1])); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], int(a[1]), e[0], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], int(a[1]), &bar[0], fbar);
        });
  for (int k = 0; k < 10; ++k) {
    fd::Vec x0 = rng.vec(3, -1, 1);
    fd::check_grad("g", fd::at(x0), x0, 3,
        [](const fd::Vec &z) { return fd::Vec{g(z.data())}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{g_jvp(z.data(), zd.data(), &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{g_grad(z.data(), zb->data(), yb[0])};
        },
        rng);
  }
  fd::GradTol ftol;
  ftol.fd_step = 1e-3;
  ftol.fd_rtol = ftol.fd_atol = 5e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  for (int i = 0; i < 12; ++i) {
    fd::Vec x0{rng.uniform(-1.5, 1.5)};
    if (std::fabs(x0[0] - 1.0) < 0.02 || std::fabs(x0[0] - 0.5) < 0.02)
      continue; // bump's edges
    fd::check_grad("q", fd::at(x0), x0, 1,
        [&](const fd::Vec &z) { return fd::Vec{double(q(float(z[0])))}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          float d = 0;
          float v = q_jvp(float(z[0]), float(zd[0]), &d);
          (*yd)[0] = d;
          return fd::Vec{double(v)};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          float b = float((*zb)[0]);
          float v = q_grad(float(z[0]), &b, float(yb[0]));
          (*zb)[0] = b;
          return fd::Vec{double(v)};
        },
        rng, ftol);
  }
  return fd::finish();
}
#endif
