// A scratch vector declared at the function's top level and rewritten whole
// by each iteration of a loop (ADBench GMM's xcentered and Qxcentered) is
// pushed once per iteration, after its last write, and restored in place
// by the backward sweep (or computed again there, when one loop fills it
// from inputs: xc): the nested loops that read it afterwards tape
// nothing for it. A load of a read-only input at an index the backward
// sweep has again (L[d + idx], idx counted by hand) is recomputed from
// the index, not taped. An iteration that may write only part of the array
// (`j < k` for an array of n) tapes the values it reads instead, as does
// a checkpointed loop's. The gradients match central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x, L) grad(x, L)
double centered(const std::vector<double> &x, const std::vector<double> &L,
                int n, int d) {
  std::vector<double> xc(d), qx(d);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      xc[c] = x[i * d + c] - x[c];
    for (int c = 0; c < d; ++c)
      qx[c] = (1.0 + L[c] * L[c]) * xc[c];
    int idx = 0;
    for (int r = 0; r < d; ++r)
      for (int c = r + 1; c < d; ++c) {
        qx[c] = qx[c] + L[d + idx] * xc[r];
        ++idx;
      }
    for (int c = 0; c < d; ++c)
      s += qx[c] * qx[c] * xc[c];
  }
  return s;
}

#pragma adgen jvp(x) grad(x)
double partial(const double *x, int n, int d, int k) {
  std::vector<double> w(d);
  for (int c = 0; c < d; ++c)
    w[c] = 1.0;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < k; ++j)
      w[j] = std::sin(x[i * d + j]);
    for (int c = 0; c < d; ++c)
      s += w[c] * w[c];
  }
  return s;
}

#pragma adgen jvp(x) grad(x)
double checkpointed(const double *x, int n, int d) {
  std::vector<double> w(d);
  double s = 0;
#pragma adgen checkpoint(every 2)
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c)
      w[c] = std::sin(x[i * d + c]) + s;
    for (int c = 0; c < d; ++c)
      s += 0.1 * w[c] * w[c];
  }
  return s;
}

// CHECK-LABEL: adgen_flat_centered_grad(const double
// CHECK: for (; i < n; ++i) {
// Nothing is pushed in the loops that read xc and qx; the hand-counted
// index is pushed once, after the triangle (adjoint/stepped_index.cpp).
// CHECK-NOT: tape_double.push
// CHECK: qx[c_1] = (1.0 + L[c_1] * L[c_1]) * xc[c_1];
// CHECK-NOT: tape_{{int|double}}.push
// CHECK: ++idx;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: // snapshot_in_place.cpp:{{[0-9]+}}
// CHECK-NEXT: tape_int.push(idx);
// CHECK-NOT: tape_double.push
// qx is pushed whole, in one copy; xc, x[i * d + c] - x[c], is not
// pushed at all (adjoint/snapshot_rebuild.cpp).
// CHECK-NOT: pushFrom(xc
// CHECK: save qx of this iteration for the backward sweep
// CHECK-NEXT: tape_double.pushFrom(qx.data(), static_cast<int>(qx_size));
// The backward sweep restores qx in place and computes xc again there.
// CHECK: backward sweep: qx as in this iteration
// CHECK-NEXT: tape_double.popInto(qx.data(), static_cast<int>(qx_size));
// CHECK: backward sweep: xc as in this iteration, computed again (line 26)
// CHECK-NEXT: for (int [[K:k_[0-9]+]] = 0; [[K]] < v{{[0-9]+}}; ++[[K]]) {
// CHECK: xc[[[K]]] = x[v{{[0-9]+}}] - x[[[K]]];
// CHECK-LABEL: return s;

// CHECK-LABEL: double partial_grad(
// CHECK-NOT: save w of this iteration
// CHECK: for (; i < n; ++i) {
// CHECK: for (int c_1 = 0; c_1 < d; ++c_1) {
// CHECK: tape_double.push(
// CHECK-LABEL: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double centered_jvp(const std::vector<double> &x, const std::vector<double> &L,
                    int n, int d, const std::vector<double> &x_dot,
                    const std::vector<double> &L_dot, double *centered_dot);
double centered_grad(const std::vector<double> &x, const std::vector<double> &L,
                     int n, int d, std::vector<double> *x_bar,
                     std::vector<double> *L_bar, double centered_bar = 1.0);
double partial_jvp(const double *x, int n, int d, int k, const double *x_dot,
                   double *partial_dot);
double partial_grad(const double *x, int n, int d, int k, double *x_bar,
                    double partial_bar = 1.0);
double checkpointed_jvp(const double *x, int n, int d, const double *x_dot,
                        double *checkpointed_dot);
double checkpointed_grad(const double *x, int n, int d, double *x_bar,
                         double checkpointed_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(29);
  for (int t = 0; t < 10; ++t) {
    int n = 1 + t % 4, d = 1 + t % 5, k = t % (d + 1);
    int lsz = d + d * (d - 1) / 2;
    Vec x = rng.vec(n * d, -1, 1), L = rng.vec(lsz, -0.5, 0.5);
    // centered: x and L as one vector.
    Vec xl = x;
    xl.insert(xl.end(), L.begin(), L.end());
    auto split = [&](const Vec &v) {
      return std::make_pair(Vec(v.begin(), v.begin() + n * d),
                            Vec(v.begin() + n * d, v.end()));
    };
    fd::check_grad(
        "centered", fd::at(xl), xl, xl.size(),
        [&](const Vec &v) {
          auto [a, l] = split(v);
          return Vec{centered(a, l, n, d)};
        },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          auto [a, l] = split(v);
          auto [ad, ld] = split(vd);
          return Vec{centered_jvp(a, l, n, d, ad, ld, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          auto [a, l] = split(v);
          std::vector<double> ab(a.size()), lb(l.size());
          double y = centered_grad(a, l, n, d, &ab, &lb, yb[0]);
          for (size_t q = 0; q < ab.size(); ++q)
            (*vb)[q] += ab[q];
          for (size_t q = 0; q < lb.size(); ++q)
            (*vb)[ab.size() + q] += lb[q];
          return Vec{y};
        },
        rng);
    fd::check_grad(
        "partial", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{partial(v.data(), n, d, k)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{partial_jvp(v.data(), n, d, k, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{partial_grad(v.data(), n, d, k, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad(
        "checkpointed", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{checkpointed(v.data(), n, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{checkpointed_jvp(v.data(), n, d, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{checkpointed_grad(v.data(), n, d, vb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
