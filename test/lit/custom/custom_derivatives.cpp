// Custom derivatives (SPEC §8): a routine adgen cannot see (defined in
// another file) and one it must not differentiate (its definition is here,
// but the directive's functions are used instead). The rules count their
// calls, so the test proves they were used; f_jvp and f_grad are checked
// against central differences and the dot-product test, with calls at the
// top level, in a loop and in a checkpointed loop.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double my_norm(const double *x, int n); // defined in another file
double my_norm_jvp(const double *x, int n, const double *x_dot,
                   double *my_norm_dot);
double my_norm_grad(const double *x, int n, double *x_bar, double my_norm_bar);
#pragma adgen derivative(my_norm) jvp(my_norm_jvp) grad(my_norm_grad)

// Defined here, but differentiated by hand: adgen must not look inside.
double softplus(double x) { return std::log1p(std::exp(x)); }
double softplus_jvp(double x, double x_dot, double *softplus_dot);
double softplus_grad(double x, double *x_bar, double softplus_bar);
#pragma adgen derivative(softplus) jvp(softplus_jvp) grad(softplus_grad)

#pragma adgen jvp(x, s) grad(x, s) size(x, n)
double f(const double *x, int n, double s, int steps) {
  double r = softplus(s * my_norm(x, n));
  for (int i = 0; i < n; ++i)
    r += softplus(x[i] * r) * 0.25;
  double h = r;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < steps; ++t)
    h = h + 0.1 * std::sin(my_norm(x, n) * h);
  return h;
}

// The output declares what it calls, and never differentiates softplus.
// CHECK: double my_norm_grad(const double *x, int n, double *x_bar, double my_norm_bar);
// CHECK: double softplus(double x);
// CHECK-NOT: std::log1p
// CHECK-LABEL: f_grad(
// CHECK: my_norm(x, n)
// CHECK: backward sweep of the call to my_norm at line 34: its custom derivative
// CHECK: my_norm_grad(x, n, x_bar,
// CHECK: softplus_grad(
// CHECK: softplus_grad(
// CHECK: my_norm_grad(x, n, x_bar, my_norm_result_bar);
// CHECK-LABEL: f_jvp(
// CHECK: my_norm_jvp(x, n, x_dot,
// CHECK: softplus_jvp(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
static int norm_jvps = 0, norm_grads = 0, soft_jvps = 0, soft_grads = 0;
double my_norm(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return std::sqrt(s);
}
double my_norm_jvp(const double *x, int n, const double *x_dot,
                   double *my_norm_dot) {
  ++norm_jvps;
  double r = my_norm(x, n), d = 0;
  for (int i = 0; i < n; ++i)
    d += x[i] * x_dot[i];
  *my_norm_dot = r > 0 ? d / r : 0;
  return r;
}
double my_norm_grad(const double *x, int n, double *x_bar,
                    double my_norm_bar) {
  ++norm_grads;
  double r = my_norm(x, n);
  for (int i = 0; i < n; ++i)
    x_bar[i] += r > 0 ? my_norm_bar * x[i] / r : 0;
  return r;
}
double softplus_jvp(double x, double x_dot, double *softplus_dot) {
  ++soft_jvps;
  *softplus_dot = x_dot / (1 + std::exp(-x));
  return softplus(x);
}
double softplus_grad(double x, double *x_bar, double softplus_bar) {
  ++soft_grads;
  *x_bar += softplus_bar / (1 + std::exp(-x));
  return softplus(x);
}
double f_jvp(const double *x, int n, double s, int steps, const double *x_dot,
             double s_dot, double *f_dot);
double f_grad(const double *x, int n, double s, int steps, double *x_bar,
              double *s_bar, double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(5);
  for (int k = 0; k < 10; ++k) {
    int n = 1 + k % 4, steps = k % 5;
    Vec z = rng.vec(n + 1, -1, 1); // x, then s
    fd::check_grad("f", fd::at(z), z, n + 1,
        [&](const Vec &v) { return Vec{f(v.data(), n, v[n], steps)}; },
        [&](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{f_jvp(v.data(), n, v[n], steps, d.data(), d[n], &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{f_grad(v.data(), n, v[n], steps, vb->data(), &(*vb)[n],
                            yb[0])};
        },
        rng);
  }
  // One f_grad call: each rule once per call site reached, plus the
  // checkpointed loop's re-run; one f_jvp call likewise.
  int g0 = norm_grads, s0 = soft_grads, j0 = norm_jvps, t0 = soft_jvps;
  Vec x{0.3, -0.7, 0.2}, xb(3, 0.0), xd{1, 0, 0};
  double sb = 0, fd_ = 0;
  f_grad(x.data(), 3, 0.5, 4, xb.data(), &sb);
  f_jvp(x.data(), 3, 0.5, 4, xd.data(), 1.0, &fd_);
  fd::check_equal("my_norm_grad calls", "", norm_grads - g0, 1 + 4);
  fd::check_equal("softplus_grad calls", "", soft_grads - s0, 1 + 3);
  fd::check_equal("my_norm_jvp calls", "", norm_jvps - j0, 1 + 4);
  fd::check_equal("softplus_jvp calls", "", soft_jvps - t0, 1 + 3);
  return fd::finish();
}
#endif
