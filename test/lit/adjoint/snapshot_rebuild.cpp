// An array a loop body fills whole with one loop of cheap arithmetic of
// inputs the loop never writes (`xc[c] = x[i * d + c] - mu[c]`, ADBench
// GMM's x - mu) is not taped once per iteration: the backward sweep runs
// the filling loop again where it would have popped the copy, with the
// iteration's own counters. Taped as before: a fill that reads an array
// the loop writes, one that calls exp, an array written twice in the body,
// a fill that reads a variable the loop carries. Rebuilt also in a loop
// nested in a checkpointed one, and for an array declared in the body.
// Every gradient matches central differences; a rebuild at the wrong index
// or from a carried value would not.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s --emit=stats -o - | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x, mu) grad(x, mu)
double rebuilt(const std::vector<double> &x, const std::vector<double> &mu,
               int n, int d) {
  std::vector<double> xc(d);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      xc[c] = x[i * d + c] - mu[c];
    for (int c = 0; c < d; ++c)
      s += xc[c] * xc[c] * xc[(c + 1) % d];
  }
  return s;
}

// acc is written by the loop: its values are no input's.
#pragma adgen jvp(x) grad(x)
double from_written(const double *x, int n, int d) {
  std::vector<double> acc(d), w(d);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      acc[c] = acc[c] + x[i * d + c];
    for (int c = 0; c < d; ++c)
      w[c] = 2.0 * acc[c];
    for (int c = 0; c < d; ++c)
      s += w[c] * w[c] * x[c];
  }
  return s;
}

#pragma adgen jvp(x) grad(x)
double from_exp(const double *x, int n, int d) {
  std::vector<double> w(d);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      w[c] = std::exp(x[i * d + c]);
    for (int c = 0; c < d; ++c)
      s += w[c] * w[c];
  }
  return s;
}

#pragma adgen jvp(x) grad(x)
double written_twice(const double *x, int n, int d) {
  std::vector<double> w(d);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      w[c] = x[i * d + c] - x[c];
    w[0] = w[0] * w[d - 1];
    for (int c = 0; c < d; ++c)
      s += w[c] * w[c];
  }
  return s;
}

// t changes from one iteration to the next.
#pragma adgen jvp(x) grad(x)
double from_carried(const double *x, int n, int d) {
  std::vector<double> w(d);
  double s = 0, t = 0.5;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      w[c] = x[i * d + c] - t;
    for (int c = 0; c < d; ++c)
      s += w[c] * w[c];
    t = t + 0.25;
  }
  return s;
}

// Rebuilt in the re-run iterations' backward sweeps too; w is the inner
// body's own array.
#pragma adgen jvp(x) grad(x)
double in_checkpointed(const double *x, int n, int m) {
  double s = 0;
#pragma adgen checkpoint(every 2)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      double w[3];
      for (int c = 0; c < 3; ++c)
        w[c] = x[j * 3 + c] + x[c];
      for (int c = 0; c < 3; ++c)
        s = s + 0.1 * w[c] * w[c] * std::sin(s);
    }
  }
  return s;
}

// CHECK-LABEL: inline double adgen_flat_rebuilt_grad(
// CHECK-NOT: pushFrom(xc
// CHECK: backward sweep: xc as in this iteration, computed again (line 27)
// CHECK-NEXT: for (int [[K:k_[0-9]+]] = 0; [[K]] < v{{[0-9]+}}; ++[[K]]) {
// CHECK: xc[[[K]]] = x[v{{[0-9]+}}] - mu[[[K]]];
// CHECK-NOT: popInto(xc
// CHECK-LABEL: return s;

// CHECK-LABEL: double from_written_grad(
// CHECK: save w of this iteration for the backward sweep
// CHECK: backward sweep: w as in this iteration
// CHECK-NEXT: tape_double.popInto(w.data()
// CHECK-LABEL: double from_exp_grad(
// CHECK: save w of this iteration for the backward sweep
// CHECK-LABEL: double written_twice_grad(
// CHECK: save w of this iteration for the backward sweep
// CHECK-LABEL: double from_carried_grad(
// CHECK: save w of this iteration for the backward sweep
// CHECK-LABEL: double in_checkpointed_grad(
// CHECK-NOT: save w of this iteration
// CHECK: backward sweep: w_saved as in this iteration, computed again
// CHECK-NOT: save w of this iteration
// CHECK-LABEL: return s;

// rebuilt's loops tape nothing, and the backward sweep's loop that
// computes xc again is none of the source's loops.
// STATS-LABEL: function rebuilt_grad
// STATS: loop at line 25: tape 0 bytes per iteration
// STATS-NEXT: loop at line 26: tape 0 bytes per iteration
// STATS-NEXT: loop at line 28: tape 0 bytes per iteration
// STATS-NEXT: function rebuilt_jvp

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double rebuilt_jvp(const std::vector<double> &x, const std::vector<double> &mu,
                   int n, int d, const std::vector<double> &x_dot,
                   const std::vector<double> &mu_dot, double *rebuilt_dot);
double rebuilt_grad(const std::vector<double> &x, const std::vector<double> &mu,
                    int n, int d, std::vector<double> *x_bar,
                    std::vector<double> *mu_bar, double rebuilt_bar = 1.0);
#define DECLARE(f, ...)                                                        \
  double f##_jvp(const double *x, __VA_ARGS__, const double *x_dot,            \
                 double *f##_dot);                                             \
  double f##_grad(const double *x, __VA_ARGS__, double *x_bar,                 \
                  double f##_bar = 1.0);
DECLARE(from_written, int n, int d)
DECLARE(from_exp, int n, int d)
DECLARE(written_twice, int n, int d)
DECLARE(from_carried, int n, int d)
DECLARE(in_checkpointed, int n, int m)
using fd::Vec;

// f(x, a, b) for a pointer-taking f: value, jvp and grad.
#define CHECK_PTR(f, a, b)                                               \
  fd::check_grad(                                                              \
      #f, fd::at(x), x, x.size(),                                                \
      [&](const Vec &v) { return Vec{f(v.data(), a, b)}; },                    \
      [&](const Vec &v, const Vec &vd, Vec *yd) {                              \
        return Vec{f##_jvp(v.data(), a, b, vd.data(), &(*yd)[0])};             \
      },                                                                       \
      [&](const Vec &v, const Vec &yb, Vec *vb) {                              \
        return Vec{f##_grad(v.data(), a, b, vb->data(), yb[0])};               \
      },                                                                       \
      rng)

int main() {
  fd::Rng rng(41);
  for (int t = 0; t < 10; ++t) {
    int n = 1 + t % 4, d = 2 + t % 4, m = 1 + t % 3;
    Vec x = rng.vec(n * d + 3 * m + 3, -1, 1), mu = rng.vec(d, -1, 1);
    // rebuilt: x and mu as one vector.
    Vec xm(x.begin(), x.begin() + n * d);
    xm.insert(xm.end(), mu.begin(), mu.end());
    auto split = [&](const Vec &v) {
      return std::make_pair(Vec(v.begin(), v.begin() + n * d),
                            Vec(v.begin() + n * d, v.end()));
    };
    fd::check_grad(
        "rebuilt", fd::at(xm), xm, xm.size(),
        [&](const Vec &v) {
          auto [a, b] = split(v);
          return Vec{rebuilt(a, b, n, d)};
        },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          auto [a, b] = split(v);
          auto [ad, bd] = split(vd);
          return Vec{rebuilt_jvp(a, b, n, d, ad, bd, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          auto [a, b] = split(v);
          std::vector<double> ab(a.size()), bb(b.size());
          double y = rebuilt_grad(a, b, n, d, &ab, &bb, yb[0]);
          for (size_t q = 0; q < ab.size(); ++q)
            (*vb)[q] += ab[q];
          for (size_t q = 0; q < bb.size(); ++q)
            (*vb)[ab.size() + q] += bb[q];
          return Vec{y};
        },
        rng);
    CHECK_PTR(from_written, n, d);
    CHECK_PTR(from_exp, n, d);
    CHECK_PTR(written_twice, n, d);
    CHECK_PTR(from_carried, n, d);
    CHECK_PTR(in_checkpointed, n, m);
  }
  return fd::finish();
}
#endif
