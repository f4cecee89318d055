// Reverse mode of loops whose trip count depends on the data: a Newton
// iteration for sqrt that stops on a tolerance, and a while loop that runs
// until an active sum passes a threshold. The backward sweep must run
// exactly as many iterations as the forward sweep did.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a) grad(a)
double newton_sqrt(double a) {
  double r = a > 1.0 ? a : 1.0;
  int it = 0;
  while (std::fabs(r * r - a) > 1e-12 * a && it < 100) {
    r = 0.5 * (r + a / r);
    ++it;
  }
  return r;
}

#pragma adgen jvp(w, x) grad(w, x)
double prefix(const double *w, int n, double x, double limit) {
  double s = 0.0;
  int i = 0;
  while (i < n && s < limit) {
    s += w[i] * w[i] * x + std::exp(w[i] * x);
    ++i;
  }
  return s * i;
}

// CHECK-LABEL: ADGEN_HD double newton_sqrt_grad(double a, double *a_bar,
// CHECK-NEXT: double newton_sqrt_bar = 1.0) {
// CHECK: while (
// CHECK: ++it;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: r_bar
// CHECK: {{\*a_bar \+?=}}
// CHECK: return r;
// CHECK-LABEL: ADGEN_HD double prefix_grad(const double *w, int n, double x, double limit,
// CHECK-NEXT: double *w_bar, double *x_bar,
// CHECK-NEXT: double prefix_bar = 1.0) {
// CHECK-NOT: limit_bar
// CHECK: while (
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK-DAG: w_bar[{{.+}}] +=
// CHECK-DAG: {{\*x_bar \+?=}}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double newton_sqrt_jvp(double a, double a_dot, double *newton_sqrt_dot);
double newton_sqrt_grad(double a, double *a_bar, double newton_sqrt_bar = 1.0);
double prefix_jvp(const double *w, int n, double x, double limit,
                  const double *w_dot, double x_dot, double *prefix_dot);
double prefix_grad(const double *w, int n, double x, double limit,
                   double *w_bar, double *x_bar, double prefix_bar = 1.0);
using fd::Vec;
int main() {
  fd::check_scalar_grad(34, 30, {{0.01, 50}}, {0},
      [](const Vec &a) { return newton_sqrt(a[0]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return newton_sqrt_jvp(a[0], e[0], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return newton_sqrt_grad(a[0], &bar[0], fbar);
      });
  // At convergence the derivative is sqrt's: 1 / (2 sqrt a).
  for (double a : {0.25, 2.0, 9.0, 1e4}) {
    double ab = 0;
    double r = newton_sqrt_grad(a, &ab);
    fd::check_close("sqrt", fd::at({a}), r, std::sqrt(a), 1e-12, 0);
    fd::check_close("d sqrt", fd::at({a}), ab, 0.5 / std::sqrt(a), 1e-9, 0);
  }
  fd::Rng rng(35);
  int trips_seen[9] = {};
  for (int k = 0; k < 40; ++k) {
    int n = 8;
    double limit = rng.uniform(0.5, 12.0);
    // Inputs: w[0..n), then x.
    Vec z = rng.vec(n + 1, -1, 1);
    // Skip points where s lands within reach of the limit (a trip-count jump).
    double s = 0;
    int i = 0;
    bool near = false;
    while (i < n && s < limit) {
      s += z[i] * z[i] * z[n] + std::exp(z[i] * z[n]);
      ++i;
      near = near || std::fabs(s - limit) < 1e-3;
    }
    if (near) continue;
    ++trips_seen[i];
    fd::check_grad("prefix", fd::at(z) + " limit=" + fd::at({limit}), z, n + 1,
        [n, limit](const Vec &v) { return Vec{prefix(v.data(), n, v[n], limit)}; },
        [n, limit](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{prefix_jvp(v.data(), n, v[n], limit, vd.data(), vd[n], &(*yd)[0])};
        },
        [n, limit](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{prefix_grad(v.data(), n, v[n], limit, vb->data(), &(*vb)[n], yb[0])};
        },
        rng);
  }
  int distinct = 0;
  for (int t : trips_seen) distinct += t > 0;
  fd::check_close("distinct trip counts >= 4", "-", distinct >= 4, 1.0, 0, 0);
  return fd::finish();
}
#endif
