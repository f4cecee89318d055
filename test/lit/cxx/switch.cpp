// switch: fall-through, break (also inside an if), continue of the
// enclosing loop, default in the middle, case ranges, a switch in a
// checkpointed loop, and one whose every case ends in a jump (an if / else
// chain). f_grad and f_jvp against central differences, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, int k) {
  double s = 0;
  for (int i = 0; i < 5; ++i) {
    switch ((k + i) % 5) {
    case 0:
      s += x;
      [[fallthrough]];
    case 1:
      s *= x;
      if (s > 3)
        break;
      s += 1;
      break;
    case 2:
      continue;
    default:
      s = s * 0.5 + x * x;
      [[fallthrough]];
    case 4:
      s = s - 0.25 * x;
    }
    s += 0.1 * x;
  }
  switch (k) {
  case 0:
    return s * x;
  case 1:
  case 2:
    s += 2;
    break;
  default:
    s -= x;
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, int k, double *x_bar, double f_bar = 1.0) {
// CHECK: int adgen_case = (k + i) % 5;
// CHECK: bool adgen_fall = adgen_case == 0;
// CHECK: adgen_fall = adgen_fall || adgen_case == 1;
// CHECK: adgen_fall = false;
// CHECK: adgen_fall = adgen_case == 2;
// CHECK: adgen_continue = true;
// CHECK: adgen_fall = !(adgen_case == 0 || adgen_case == 1 || adgen_case == 2 ||
// CHECK-NEXT: adgen_case == 4);
// CHECK: adgen_fall = adgen_fall || adgen_case == 4;
// CHECK-LABEL: ADGEN_HD double f_jvp(double x, int k, double x_dot, double *f_dot) {
// CHECK: if (k == 0) {
// CHECK: if (k == 1 || k == 2) {

// A switch (with a declaration in its condition) in a checkpointed loop.
#pragma adgen jvp(x) grad(x)
double g(const double *x, int n, int m) {
  double h = 1.0;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t) {
    switch (int c = (t * m) % 4) {
    case 0 ... 1:
      h = h * x[t] + c;
      [[fallthrough]];
    case 2:
      h = std::sin(h) + x[t];
      break;
    default:
      h = 0.5 * h * h;
    }
  }
  return h;
}
// CHECK-LABEL: ADGEN_HD double g_grad(
// CHECK: int c = t * m % 4;
// CHECK: bool adgen_fall = 0 <= c && c <= 1;

// Every case ends in a jump: an if / else chain, the default last.
#pragma adgen jvp grad
float q(float x, int k) {
  float r = x;
  switch (k) {
  default:
    r = r * r;
    break;
  case 3:
    r = 2.0f * r;
    break;
  case 5: {
    r = std::exp(r);
    break;
  }
  }
  return r + x;
}
// CHECK-LABEL: ADGEN_HD float q_jvp(float x, int k, float x_dot, float *q_dot) {
// CHECK: if (k == 3) {
// CHECK: } else {
// CHECK-NEXT: // switch.cpp:[[@LINE-10]]
// CHECK-NEXT: if (k == 5) {
// CHECK: } else {
// CHECK-NOT: adgen_fall

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, int k, double x_dot, double *f_dot);
double f_grad(double x, int k, double *x_bar, double f_bar = 1.0);
double g_jvp(const double *x, int n, int m, const double *x_dot, double *g_dot);
double g_grad(const double *x, int n, int m, double *x_bar, double g_bar = 1.0);
float q_jvp(float x, int k, float x_dot, float *q_dot);
float q_grad(float x, int k, float *x_bar, float q_bar = 1.0f);
int main() {
  fd::Rng rng(11);
  for (int k = 0; k < 7; ++k)
    fd::check_scalar_grad(k, 6, {{-1.5, 1.5}, {k, k}}, {0},
        [](const fd::Vec &a) { return f(a[0], int(a[1])); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], int(a[1]), e[0], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], int(a[1]), &bar[0], fbar);
        });
  for (int n = 0; n <= 7; ++n)
    for (int m = 1; m <= 3; ++m) {
      fd::Vec x0 = rng.vec(n, -0.8, 0.8);
      fd::check_grad("g", "n=" + std::to_string(n) + " m=" + std::to_string(m),
          x0, n,
          [&](const fd::Vec &z) { return fd::Vec{g(z.data(), n, m)}; },
          [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            return fd::Vec{g_jvp(z.data(), n, m, zd.data(), &(*yd)[0])};
          },
          [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            return fd::Vec{g_grad(z.data(), n, m, zb->data(), yb[0])};
          },
          rng);
    }
  fd::GradTol ftol;
  ftol.fd_step = 1e-2;
  ftol.fd_rtol = ftol.fd_atol = 2e-3;
  ftol.dot_rtol = ftol.acc_rtol = 1e-5;
  for (int k = 0; k < 7; ++k)
    for (int i = 0; i < 5; ++i) {
      fd::Vec x0{rng.uniform(-1.5, 1.5)};
      fd::check_grad("q", fd::at(x0) + " k=" + std::to_string(k), x0, 1,
          [&](const fd::Vec &z) { return fd::Vec{double(q(float(z[0]), k))}; },
          [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            float d = 0;
            float v = q_jvp(float(z[0]), k, float(zd[0]), &d);
            (*yd)[0] = d;
            return fd::Vec{double(v)};
          },
          [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            float b = float((*zb)[0]);
            float v = q_grad(float(z[0]), k, &b, float(yb[0]));
            (*zb)[0] = b;
            return fd::Vec{double(v)};
          },
          rng, ftol);
    }
  return fd::finish();
}
#endif
