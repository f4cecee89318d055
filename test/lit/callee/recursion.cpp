// Recursion (SPEC §4): a recursive Horner evaluation (the coefficients as a
// shifted pointer), a recursive tree sum over an array, and a recursive
// bisection whose depth depends on the data. Each callee gets one adjoint
// and one tangent per activity pattern, called from itself; every
// derivative is checked against central differences and the dot-product
// test, at double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

template <typename T> T horner(const T *c, int n, T x) {
  if (n == 0)
    return c[0];
  return c[0] + x * horner(c + 1, n - 1, x);
}

#pragma adgen jvp(c, x) grad(c, x) size(c, n + 1) instantiate(poly<double>, poly<float>)
template <typename T> T poly(const T *c, int n, T x) {
  return std::sin(horner(c, n, x));
}

double tree(const double *a, int lo, int hi) {
  if (hi - lo == 1)
    return a[lo] * a[lo];
  int mid = (lo + hi) / 2;
  return tree(a, lo, mid) + std::sin(tree(a, mid, hi));
}

#pragma adgen jvp(a) grad(a) size(a, n)
double tree_sum(const double *a, int n) { return tree(a, 0, n); }

// sqrt(x) for x in [0.25, 4]: bisect [0, 2] until the interval is small
// relative to x, then two Newton steps from the middle.
double root(double x, double lo, double hi) {
  double mid = 0.5 * (lo + hi);
  if (hi - lo < 1e-3 * x) {
    double r = mid - (mid * mid - x) / (2.0 * mid);
    return r - (r * r - x) / (2.0 * r);
  }
  if (mid * mid > x)
    return root(x, lo, mid);
  return root(x, mid, hi);
}

#pragma adgen jvp(x, y) grad(x, y)
double bisect(double x, double y) { return y * root(x * x, 0.0, 2.0); }

// One adjoint per (callee, activity), declared ahead for its own call.
// CHECK: Declared ahead
// CHECK-DAG: inline double adgen_horner_double_grad_101(
// CHECK-DAG: inline float adgen_horner_float_grad_101(
// CHECK-DAG: inline double adgen_tree_grad_100(
// CHECK-DAG: inline double adgen_root_grad_100(
// CHECK-DAG: inline double adgen_tree_jvp_100(
// CHECK: double tree_bar = 1.0) {
// CHECK: adgen_tree_grad_100(a, {{v[0-9]+}}, hi, a_bar,
// CHECK: adgen_tree_grad_100(a, lo, {{v[0-9]+}}, a_bar,
// CHECK-LABEL: tree_sum_grad(
// CHECK: adgen_tree_grad_100(a, 0, n, a_bar, tree_result_bar);

#ifdef ADGEN_DRIVER
#include "fd_check.h"
template <typename T> T poly_jvp(const T *c, int n, T x, const T *c_dot,
                                 T x_dot, T *poly_dot);
template <typename T> T poly_grad(const T *c, int n, T x, T *c_bar, T *x_bar,
                                  T poly_bar = 1);
double tree_sum_jvp(const double *a, int n, const double *a_dot,
                    double *tree_sum_dot);
double tree_sum_grad(const double *a, int n, double *a_bar,
                     double tree_sum_bar = 1.0);
double bisect_jvp(double x, double y, double x_dot, double y_dot,
                  double *bisect_dot);
double bisect_grad(double x, double y, double *x_bar, double *y_bar,
                   double bisect_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(7);
  for (int k = 0; k < 12; ++k) {
    int n = k % 6;
    Vec z = rng.vec(n + 2, -1, 1); // c[0..n], then x
    auto f = [n](const Vec &v) { return Vec{poly(v.data(), n, v[n + 1])}; };
    auto jvp = [n](const Vec &v, const Vec &d, Vec *yd) {
      return Vec{poly_jvp(v.data(), n, v[n + 1], d.data(), d[n + 1], &(*yd)[0])};
    };
    auto grad = [n](const Vec &v, const Vec &yb, Vec *vb) {
      return Vec{poly_grad(v.data(), n, v[n + 1], vb->data(), &(*vb)[n + 1],
                           yb[0])};
    };
    fd::check_grad("poly<double>", fd::at(z), z, z.size(), f, jvp, grad, rng);
    // float: the gradient against the double one, to float accuracy
    std::vector<float> cf(z.begin(), z.begin() + n + 1), cb(n + 1, 0.0f);
    float xf = float(z[n + 1]), xb = 0.0f;
    Vec gd(n + 2, 0.0);
    poly_grad(z.data(), n, z[n + 1], gd.data(), &gd[n + 1]);
    float v = poly_grad(cf.data(), n, xf, cb.data(), &xb);
    fd::check_close("poly<float> value", fd::at(z), v, poly(z.data(), n, z[n + 1]), 1e-4);
    for (int i = 0; i <= n; ++i)
      fd::check_close("poly<float> c_bar", fd::at(z), cb[i], gd[i], 1e-3);
    fd::check_close("poly<float> x_bar", fd::at(z), xb, gd[n + 1], 1e-3);
  }
  for (int k = 0; k < 10; ++k) {
    int n = 1 + k * 3;
    Vec a = rng.vec(n, -1.5, 1.5);
    fd::check_grad("tree_sum", fd::at(a), a, n,
        [n](const Vec &v) { return Vec{tree_sum(v.data(), n)}; },
        [n](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{tree_sum_jvp(v.data(), n, d.data(), &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{tree_sum_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
  }
  for (int k = 0; k < 10; ++k) {
    Vec xy{rng.uniform(0.5, 2.0), rng.uniform(-2, 2)};
    fd::check_grad("bisect", fd::at(xy), xy, 2,
        [](const Vec &v) { return Vec{bisect(v[0], v[1])}; },
        [](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{bisect_jvp(v[0], v[1], d[0], d[1], &(*yd)[0])};
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{bisect_grad(v[0], v[1], &(*vb)[0], &(*vb)[1], yb[0])};
        },
        rng);
    // d/dx y·sqrt(x²) = y·sign(x): the analytic value
    double xb = 0, yb = 0;
    bisect_grad(xy[0], xy[1], &xb, &yb);
    fd::check_close("bisect x_bar analytic", fd::at(xy), xb, xy[1], 1e-6);
    fd::check_close("bisect y_bar analytic", fd::at(xy), yb, xy[0], 1e-6);
  }
  return fd::finish();
}
#endif
