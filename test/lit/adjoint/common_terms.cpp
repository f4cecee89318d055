// Reverse mode adds each element's adjoint once per statement and computes
// each index once: terms whose leaves are one element (x[i*d+j] * x[i*d+j],
// x[k] * x[k] + sin(x[k]) * x[k]) add their summed coefficients in one
// update, and the backward sweep's repeated index arithmetic is numbered
// once per block (value-numbering). a[i] * a[j] over two counters stays two
// updates (i == j only sometimes), and y[i] = y[i] * c + x[i] scales its
// adjoint in place. The gradients match central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>


// A weighted squared norm over rows: the two x[i * d + j] of a term are one
// element, so x_bar[i * d + j] gains (w x + w x) s_bar once, at one index.
#pragma adgen jvp(x, w) grad(x, w)
double wsq(const double *x, const double *w, int n, int d) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j)
      s += w[i * d + j] * x[i * d + j] * x[i * d + j];
  return s;
}

// Written as people write it: a std::vector by reference, a double& out.
#pragma adgen jvp(x) grad(x)
void norm2(const std::vector<double> &x, double &out) {
  out = 0;
  for (size_t k = 0; k < x.size(); ++k)
    out += x[k] * x[k] + std::sin(x[k]) * x[k];
}

// a[i] * a[j] with i, j two counters: not one element, even where i == j.
#pragma adgen jvp(a) grad(a)
double pairs(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += a[i] * a[j] * (i + 1);
  return s;
}

// A decaying sum in a local array: y[i] = y[i] * c + x[i], its adjoint
// scaled in place each pass.
#pragma adgen jvp(x) grad(x)
double decay(const double *x, int n, int passes) {
  double y[8] = {};
  for (int p = 0; p < passes; ++p)
    for (int i = 0; i < n; ++i)
      y[i] = y[i] * std::cos(x[i]) + x[i];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i];
  return s;
}

// CHECK-LABEL: double wsq_grad(
// CHECK: backward sweep of the loop at line 23,
// CHECK: // common_terms.cpp:24
// CHECK-NEXT: const int [[R:v[0-9]+]] = {{v[0-9]+}} * d;
// The inner loop runs forwards (adjoint/forward_order.cpp): j is k_1.
// CHECK-NEXT: const int [[IX:v[0-9]+]] = [[R]] + {{k_[0-9]+}};
// CHECK-NEXT: const double [[X:v[0-9]+]] = x[[[IX]]];
// CHECK-NEXT: w_bar[[[IX]]] += [[X]] * [[X]] * s_bar;
// CHECK-NEXT: const double [[WX:v[0-9]+]] = w[[[IX]]] * x[[[IX]]];
// CHECK-NEXT: x_bar[[[IX]]] += ([[WX]] + [[WX]]) * s_bar;
// CHECK-NEXT: }

// CHECK-LABEL: void adgen_flat_norm2_grad(
// CHECK: for (int [[K:k[_0-9]*]] = 0;
// CHECK-NOT: x_bar
// CHECK: x_bar[[[I:v[0-9]+]]] += ([[X:v[0-9]+]] + [[X]] + {{v[0-9]+}} + {{v[0-9]+}}) * out_bar[0];
// CHECK-NEXT: }

// CHECK-LABEL: double pairs_grad(
// CHECK: a_bar[[[I:v[0-9]+]]] += a[[[J:k_[0-9]+]]] * {{.+}};
// CHECK-NEXT: a_bar[[[J]]] += a[[[I]]] * {{.+}};

// CHECK-LABEL: double decay_grad(
// CHECK: [[YB:v[0-9]+]] = y_bar[[[I:v[0-9]+]]];
// CHECK-NEXT: y_bar[[[I]]] = {{v[0-9]+}} * [[YB]];
// CHECK-NEXT: x_bar[[[I]]] += ({{v[0-9]+}} + 1.0) * [[YB]];

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double wsq_jvp(const double *x, const double *w, int n, int d,
               const double *x_dot, const double *w_dot, double *wsq_dot);
double wsq_grad(const double *x, const double *w, int n, int d, double *x_bar,
                double *w_bar, double wsq_bar = 1.0);
void norm2_jvp(const std::vector<double> &x, double &out,
               const std::vector<double> &x_dot, double &out_dot);
void norm2_grad(const std::vector<double> &x, double &out,
                std::vector<double> *x_bar, double &out_bar);
double pairs_jvp(const double *a, int n, const double *a_dot,
                 double *pairs_dot);
double pairs_grad(const double *a, int n, double *a_bar,
                  double pairs_bar = 1.0);
double decay_jvp(const double *x, int n, int passes, const double *x_dot,
                 double *decay_dot);
double decay_grad(const double *x, int n, int passes, double *x_bar,
                  double decay_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(47);
  for (int t = 0; t < 12; ++t) {
    int n = 1 + t % 4, d = 1 + t % 3, passes = t % 4;
    int sz = n * d;
    Vec xw = rng.vec(2 * sz, -1, 1);
    fd::check_grad(
        "wsq", fd::at(xw), xw, xw.size(),
        [&](const Vec &v) { return Vec{wsq(v.data(), v.data() + sz, n, d)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{wsq_jvp(v.data(), v.data() + sz, n, d, vd.data(),
                             vd.data() + sz, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{wsq_grad(v.data(), v.data() + sz, n, d, vb->data(),
                              vb->data() + sz, yb[0])};
        },
        rng);
    Vec x = rng.vec(n + t % 5, -1.5, 1.5);
    fd::check_grad(
        "norm2", fd::at(x), x, x.size(),
        [&](const Vec &v) {
          double out = 7;
          norm2(v, out);
          return Vec{out};
        },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          double out = 7, out_dot = 3;
          norm2_jvp(v, out, vd, out_dot);
          (*yd)[0] = out_dot;
          return Vec{out};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          double out = 7, out_bar = yb[0];
          norm2_grad(v, out, vb, out_bar);
          return Vec{out};
        },
        rng);
    Vec a = rng.vec(n, -1, 1);
    fd::check_grad(
        "pairs", fd::at(a), a, a.size(),
        [&](const Vec &v) { return Vec{pairs(v.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{pairs_jvp(v.data(), n, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{pairs_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
    fd::check_grad(
        "decay", fd::at(x) + " passes=" + std::to_string(passes), x, x.size(),
        [&](const Vec &v) { return Vec{decay(v.data(), int(v.size()), passes)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{decay_jvp(v.data(), int(v.size()), passes, vd.data(),
                               &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{decay_grad(v.data(), int(v.size()), passes, vb->data(),
                                yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
