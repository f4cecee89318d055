// Loop conditions that assign (`while ((t = t * x) < 10)`, `(k += 2) < n`,
// a parameter overwritten in the condition, a do loop's condition) and
// loop conditions that declare a variable the body reads: reverse mode
// moves such a condition into the body (the `conditions` pass) and
// reverses it with the body; a break still leaves the loop. f_grad and
// f_jvp against central differences, double and float, also in a
// checkpointed loop.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int n) {
  double t = 1.0, s = 0.0;
  while ((t = t * x) < 10)
    s += std::sin(t);
  int k = 0;
  while ((k += 2) < n)
    s = s * x + t;
  while ((x = x * 0.5) > 0.1)
    s += x * s;
  return s + t;
}
// CHECK-LABEL: ADGEN_HD double f_grad(double x, int n, double *x_bar, double f_bar = 1.0) {
// CHECK: bool adgen_test = v{{[0-9]+}} < 10.0;
// CHECK: while (adgen_test) {
// CHECK: adgen_test = v{{[0-9]+}} < 10.0;
// CHECK: k = v{{[0-9]+}};
// CHECK-NEXT: if (!(v{{[0-9]+}} < n))
// CHECK-LABEL: ADGEN_HD double f_jvp(

// A declaration in a for condition that the body reads, and a break.
#pragma adgen jvp(x) grad(x)
double g(double x, int n) {
  double s = 0.0;
  for (int i = 0; double y = (i < n ? x * (i + 1) : 0.0); ++i) {
    if (s > 20)
      break;
    s += y * y;
  }
  double t = x;
  do {
    s += t;
  } while ((t *= 0.5 * x) > 0.05);
  return s;
}
// CHECK-LABEL: ADGEN_HD double g_grad(double x, int n, double *x_bar, double g_bar = 1.0) {
// CHECK: double y = 0.0;
// CHECK: bool adgen_test_1 =

// In a checkpointed loop.
#pragma adgen jvp grad
double h(const double *w, int n) {
  double a = 0.5, s = 0.0;
  int i = 0;
#pragma adgen checkpoint(every 2)
  while ((a = std::tanh(a + w[i])) > -2 && ++i < n)
    s += a * a;
  return s + a;
}
// CHECK-LABEL: ADGEN_HD double h_grad(
// CHECK: // checkpoint(every 2)

#pragma adgen jvp grad
float q(float x) {
  float t = 1.0f, s = 0.0f;
  while ((t *= x) < 6.0f)
    s += t;
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int n, double x_dot, double *f_dot);
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
double g_jvp(double x, int n, double x_dot, double *g_dot);
double g_grad(double x, int n, double *x_bar, double g_bar = 1.0);
double h_jvp(const double *w, int n, const double *w_dot, double *h_dot);
double h_grad(const double *w, int n, double *w_bar, double h_bar = 1.0);
float q_jvp(float x, float x_dot, float *q_dot);
float q_grad(float x, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(9);
  for (int n = 0; n < 7; ++n) {
    fd::check_scalar_grad(n, 6, {{1.1, 1.9}, {n, n}}, {0},
        [](const fd::Vec &a) { return f(a[0], int(a[1])); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], int(a[1]), e[0], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], int(a[1]), &bar[0], fbar);
        });
    fd::check_scalar_grad(n, 6, {{0.2, 1.2}, {n, n}}, {0},
        [](const fd::Vec &a) { return g(a[0], int(a[1])); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return g_jvp(a[0], int(a[1]), e[0], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return g_grad(a[0], int(a[1]), &bar[0], fbar);
        });
    fd::Vec w0 = rng.vec(n + 1, -0.5, 1);
    fd::check_grad("h", "n=" + std::to_string(n), w0, n + 1,
        [&](const fd::Vec &z) { return fd::Vec{h(z.data(), n)}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{h_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{h_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
  }
  fd::GradTol ftol;
  ftol.fd_step = 1e-3;
  ftol.fd_rtol = ftol.fd_atol = 5e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  for (int i = 0; i < 10; ++i) {
    fd::Vec x0{rng.uniform(1.1, 1.9)};
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
