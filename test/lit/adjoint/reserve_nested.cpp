// The tape of a loop nest is reserved once, before the outermost loop, also
// when inner loops have bounds that vary with an enclosing counter (a
// triangular `for (c = r + 1; c < d; ++c)`, as in ADBench's GMM): the
// reservation is an upper bound over the counters' ranges, and a counter
// starting at a value the backward sweep can compute (r + 1) is not taped,
// nor are the trip counts. A bound read from memory indexed by the counter
// (`lens[i]`) has no bound before the loop: nothing is reserved and the
// tape grows as it needs. An inner bound held in a variable the loop body
// declares (`int m = d;`, as inlined helpers' parameters are) is that value.
// The gradients match central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double tri(const double *x, const double *a, int n, int d) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int r = 0; r < d; ++r) {
      double t = 0;
      for (int c = r + 1; c < d; ++c)
        t += a[r * d + c] * std::sin(x[i * d + c]);
      s += t * t;
    }
  }
  return s;
}

#pragma adgen jvp(x) grad(x)
double ragged(const double *x, const int *lens, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < lens[i]; ++j)
      s += std::exp(0.1 * x[i * 4 + j]);
  return s;
}

#pragma adgen jvp(x) grad(x)
double rows(const double *x, int n, int d) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    int m = d;
    int off = i * d;
    for (int c = 0; c < m; ++c)
      s += std::sin(x[off + c]) * x[off];
  }
  return s;
}

// Two inner loops of one bound (ADBench GMM's components, twice): the
// reservation counts k's trips once (its own ops are numbered).
#pragma adgen jvp(x) grad(x)
double twice(const double *x, int n, int k) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < k; ++j)
      s += std::sin(x[i * k + j]);
    for (int j = 0; j < k; ++j)
      s += std::cos(x[i * k + j]);
  }
  return s;
}

// CHECK-LABEL: double tri_grad(
// Only doubles are taped: no counter, no trip count.
// CHECK-NOT: adgen::Stack<{{int|long}}>
// CHECK: adgen::Stack<double> tape_double;
// n·d iterations of the middle loop each push one partial, and push one
// per inner iteration (at most d − 1 of them).
// CHECK: tape_double.reserveMore([[N:v[0-9]+]]);
// CHECK-NEXT: for (; i < n; ++i) {
// CHECK: for (int c = r + 1; c < d; ++c) {
// CHECK-NOT: reserveMore
// CHECK: tape_double.push(
// CHECK-NOT: reserveMore
// CHECK-LABEL: return s;

// CHECK-LABEL: double ragged_grad(
// CHECK-NOT: reserveMore
// CHECK: for (int j = 0; j < lens[i]; ++j) {
// CHECK-NOT: reserveMore
// CHECK-LABEL: return s;

// CHECK-LABEL: double rows_grad(
// CHECK: tape_double.reserveMore(
// CHECK-NEXT: for (; i < n; ++i) {
// CHECK-NOT: reserveMore
// CHECK-LABEL: return s;

// CHECK-LABEL: double twice_grad(
// CHECK: static_cast<long>(k);
// CHECK-NOT: static_cast<long>(k)
// CHECK: tape_double.reserveMore(
// CHECK-NEXT: for (; i < n; ++i) {
// CHECK-LABEL: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double tri_jvp(const double *x, const double *a, int n, int d,
               const double *x_dot, double *tri_dot);
double tri_grad(const double *x, const double *a, int n, int d, double *x_bar,
                double tri_bar = 1.0);
double ragged_jvp(const double *x, const int *lens, int n, const double *x_dot,
                  double *ragged_dot);
double ragged_grad(const double *x, const int *lens, int n, double *x_bar,
                   double ragged_bar = 1.0);
double rows_jvp(const double *x, int n, int d, const double *x_dot,
                double *rows_dot);
double rows_grad(const double *x, int n, int d, double *x_bar,
                 double rows_bar = 1.0);
double twice_jvp(const double *x, int n, int k, const double *x_dot,
                 double *twice_dot);
double twice_grad(const double *x, int n, int k, double *x_bar,
                  double twice_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(13);
  for (int k = 0; k < 12; ++k) {
    int n = k % 4, d = 1 + k % 5;
    Vec x = rng.vec(n * d, -1, 1), a = rng.vec(d * d, -1, 1);
    fd::check_grad("tri", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{tri(v.data(), a.data(), n, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{tri_jvp(v.data(), a.data(), n, d, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{tri_grad(v.data(), a.data(), n, d, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad("rows", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{rows(v.data(), n, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{rows_jvp(v.data(), n, d, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{rows_grad(v.data(), n, d, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad("twice", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{twice(v.data(), n, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{twice_jvp(v.data(), n, d, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{twice_grad(v.data(), n, d, vb->data(), yb[0])};
        },
        rng);
    int lens[5];
    for (int i = 0; i < 5; ++i) lens[i] = (k + 3 * i) % 5;
    Vec y = rng.vec(20, -1, 1);
    int m = 1 + k % 5;
    fd::check_grad("ragged", fd::at(y), y, y.size(),
        [&](const Vec &v) { return Vec{ragged(v.data(), lens, m)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{ragged_jvp(v.data(), lens, m, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{ragged_grad(v.data(), lens, m, vb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
