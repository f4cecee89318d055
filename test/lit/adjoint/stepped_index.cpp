// An integer index a loop changes only by constant steps (`++idx` after
// each element of a packed triangle, `k += 3`, `--m`) is not taped per
// iteration: its value after the loop is pushed once, and the backward
// sweep takes each step back as it passes it, so the statements between
// read it from `<name>_back`. An index stepped inside an if, or in a loop
// with a break, is taped as before; a stepped index read by an inner
// loop's bound still tapes that loop's trip count (the bound is read where
// the loop starts, not where a statement stands). The gradients match
// central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// Lower-triangular L (packed by rows, below the diagonal) times x, squared.
#pragma adgen jvp(L, x) grad(L, x)
double packed(const double *L, const double *x, int d) {
  double s = 0;
  int idx = 0;
  for (int i = 0; i < d; ++i) {
    double row = x[i];
    for (int j = 0; j < i; ++j) {
      row += std::sin(L[idx]) * x[j];
      ++idx;
    }
    s += row * row;
  }
  return s + idx * x[0];
}

// Two indices, one up by 3, one down by 1, in a loop nested in another.
#pragma adgen jvp(a) grad(a)
double strided(const double *a, int n, int m) {
  double s = 0;
  for (int r = 0; r < n; ++r) {
    int k = 0, q = m;
    for (int c = 0; c < m; ++c) {
      --q;
      s += std::exp(0.1 * a[r * 3 * m + k]) * a[r * 3 * m + q];
      k += 3;
    }
  }
  return s;
}

// Stepped only on some paths, or with a break: taped.
#pragma adgen jvp(a) grad(a)
double guarded(const double *a, int n) {
  double s = 0;
  int idx = 0, jdx = 0;
  for (int i = 0; i < n; ++i) {
    if (a[i] > 0)
      ++idx;
    s += std::sin(a[idx]) * a[i];
  }
  for (int i = 0; i < n; ++i) {
    if (s > 1e6)
      break;
    s += a[jdx] * a[i];
    ++jdx;
  }
  return s;
}

// The stepped index bounds an inner loop.
#pragma adgen jvp(a) grad(a)
double bounded(const double *a, int n) {
  double s = 0;
  int len = 1;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < len; ++j)
      s += std::cos(a[j] * a[i]);
    ++len;
  }
  return s;
}

// Read before the step through a copy, or a pointer walked with *q++: the
// copy holds the value from before the step, which the statement after it
// cannot read back (it is taped).
#pragma adgen jvp(a) grad(a)
double walks(const double *a, int n) {
  double s = 0;
  const double *q = a;
  int idx = 0;
  for (int i = 0; i < n; ++i) {
    s += std::sin(*q++) * a[i];
    int was = idx;
    ++idx;
    s += std::cos(a[was]) * a[idx - 1];
  }
  return s;
}

// CHECK-LABEL: double packed_grad(
// CHECK: int idx_back = 0;
// CHECK-NOT: tape_int
// CHECK: ++idx;
// CHECK-NOT: tape_int
// The last value, once, after the loop (at the top level: no tape).
// CHECK: idx_back = idx;
// CHECK: --idx_back;
// CHECK: L_bar[idx_back] +=

// CHECK-LABEL: double strided_grad(
// CHECK-DAG: int k_back = 0;
// CHECK-DAG: int q_back = 0;
// CHECK: for (; r < n; ++r) {
// CHECK-NOT: tape_int.push
// CHECK: k += 3;
// CHECK-NOT: tape_int.push
// CHECK: }
// CHECK-DAG: tape_int.push(k);
// CHECK-DAG: tape_int.push(q);
// CHECK: [[Q:v[0-9]+]] = tape_int.pop();
// CHECK-NEXT: q_back = [[Q]];
// CHECK-NEXT: [[K:v[0-9]+]] = tape_int.pop();
// CHECK-NEXT: k_back = [[K]];
// CHECK: k_back -= 3;
// CHECK: ++q_back;
// CHECK-LABEL: return s;

// CHECK-LABEL: double guarded_grad(
// CHECK-NOT: _back
// CHECK: tape_int.push(idx);
// CHECK: tape_int.push(jdx);
// CHECK-LABEL: return s;

// CHECK-LABEL: double bounded_grad(
// CHECK-NOT: len_back
// CHECK-LABEL: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double packed_jvp(const double *L, const double *x, int d, const double *L_dot,
                  const double *x_dot, double *packed_dot);
double packed_grad(const double *L, const double *x, int d, double *L_bar,
                   double *x_bar, double packed_bar = 1.0);
double strided_jvp(const double *a, int n, int m, const double *a_dot,
                   double *strided_dot);
double strided_grad(const double *a, int n, int m, double *a_bar,
                    double strided_bar = 1.0);
double guarded_jvp(const double *a, int n, const double *a_dot,
                   double *guarded_dot);
double guarded_grad(const double *a, int n, double *a_bar,
                    double guarded_bar = 1.0);
double walks_jvp(const double *a, int n, const double *a_dot,
                 double *walks_dot);
double walks_grad(const double *a, int n, double *a_bar,
                  double walks_bar = 1.0);
double bounded_jvp(const double *a, int n, const double *a_dot,
                   double *bounded_dot);
double bounded_grad(const double *a, int n, double *a_bar,
                    double bounded_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(31);
  for (int t = 0; t < 12; ++t) {
    int d = 1 + t % 6, n = 1 + t % 4, m = t % 5;
    int lsz = d * (d - 1) / 2;
    Vec Lx = rng.vec(lsz + d, -1, 1);
    fd::check_grad(
        "packed", fd::at(Lx), Lx, Lx.size(),
        [&](const Vec &v) { return Vec{packed(v.data(), v.data() + lsz, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{packed_jvp(v.data(), v.data() + lsz, d, vd.data(),
                                vd.data() + lsz, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{packed_grad(v.data(), v.data() + lsz, d, vb->data(),
                                 vb->data() + lsz, yb[0])};
        },
        rng);
    Vec a = rng.vec(3 * n * m + 1, -1, 1);
    fd::check_grad(
        "strided", fd::at(a), a, a.size(),
        [&](const Vec &v) { return Vec{strided(v.data(), n, m)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{strided_jvp(v.data(), n, m, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{strided_grad(v.data(), n, m, vb->data(), yb[0])};
        },
        rng);
    Vec g = rng.vec(n + 1, -1, 1);
    fd::check_grad(
        "guarded", fd::at(g), g, g.size(),
        [&](const Vec &v) { return Vec{guarded(v.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{guarded_jvp(v.data(), n, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{guarded_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad(
        "walks", fd::at(g), g, g.size(),
        [&](const Vec &v) { return Vec{walks(v.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{walks_jvp(v.data(), n, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{walks_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad(
        "bounded", fd::at(g), g, g.size(),
        [&](const Vec &v) { return Vec{bounded(v.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{bounded_jvp(v.data(), n, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{bounded_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
