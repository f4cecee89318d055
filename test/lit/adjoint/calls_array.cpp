// Reverse mode through calls with arrays: a helper reading two arrays, a
// void helper writing a local array, a void helper writing the caller's
// output array, and a helper called with an active and an inactive array.
// RUN: adgen --callees=joint %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
// RUN: adgen %s -o %t.split.cpp
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.cpp
// RUN: %cxx -c %t.split.cpp -o %t.split.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.split.o -o %t.split.exe
// RUN: %t.split.exe
#include <cmath>
#include <vector>

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

void scale(const double *a, double s, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = s * std::tanh(a[i]);
}

#pragma adgen jvp(x) grad(x)
double f(const double *x, const double *w, int n) {
  double tmp[8];
  scale(x, 2.0, tmp, n);
  return dot(tmp, w, n) + dot(x, x, n) + dot(w, x, n);
}

#pragma adgen jvp(x) grad(x)
void g(const double *x, double *out, int n) { scale(x, x[0], out, n); }

// CHECK-LABEL: ADGEN_HD double f_grad(const double *x, const double *w, int n, double *x_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-NOT: w_bar
// CHECK: double tmp_bar[8] = {};
// CHECK: std::tanh(
// The three dots call dot's adjoints (SPEC §4: a helper with a loop called
// from several places); dot(tmp, w, n) reads tmp, which f writes before the
// call only, so the backward call reads tmp itself.
// CHECK: adgen_dot_grad_010(w, x, n, x_bar,
// CHECK: adgen_dot_grad_110(x, x, n, x_bar, x_bar,
// CHECK: adgen_dot_grad_100(tmp, w, n, tmp_bar,
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: tmp_bar[{{.+}}] = 0.0;
// CHECK: x_bar[{{.+}}] +=
// CHECK: return v{{[0-9]+}};
// The void helper writes the caller's out: out_bar in, the scale's adjoint
// into x_bar[0].
// CHECK-LABEL: ADGEN_HD void g_grad(const double *x, double *out, int n, double *x_bar,
// CHECK-NEXT: double *out_bar) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: out_bar[{{.+}}] = 0.0;
// CHECK: x_bar[0] +=

// In split mode (the default) the same calls go to dot's two halves.
// SPLIT-LABEL: f_grad(
// SPLIT: adgen_dot_fwd_100(tmp, w, n);
// SPLIT: adgen_dot_rev_010(w, x, n, x_bar,
// SPLIT: adgen_dot_rev_110(x, x, n, x_bar, x_bar,
// SPLIT: adgen_dot_rev_100(tmp, w, n, tmp_bar,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, const double *w, int n, const double *x_dot,
             double *f_dot);
double f_grad(const double *x, const double *w, int n, double *x_bar,
              double f_bar = 1.0);
void g_jvp(const double *x, double *out, int n, const double *x_dot,
           double *out_dot);
void g_grad(const double *x, double *out, int n, double *x_bar,
            double *out_bar);
using fd::Vec;
int main() {
  fd::Rng rng(20);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 8;
    Vec x = rng.vec(n, -1.5, 1.5), w = rng.vec(n, -1, 1);
    fd::check_grad("f", fd::at(x), x, n,
        [&](const Vec &z) { return Vec{f(z.data(), w.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{f_jvp(z.data(), w.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          fd::Guarded gb(*zb, fd::Guarded::End);
          double v = f_grad(z.data(), w.data(), n, gb.data(), yb[0]);
          for (int i = 0; i < n; ++i) (*zb)[i] = gb[i];
          return Vec{v};
        },
        rng);
    // g: inputs x, then out's initial value (never read); output out.
    Vec z = rng.vec(2 * n, -1.5, 1.5);
    fd::check_grad("g", fd::at(z), z, n,
        [n](const Vec &a) {
          Vec out(a.begin() + n, a.end());
          g(a.data(), out.data(), n);
          return out;
        },
        [n](const Vec &a, const Vec &ad, Vec *yd) {
          Vec out(a.begin() + n, a.end());
          *yd = Vec(ad.begin() + n, ad.end());
          g_jvp(a.data(), out.data(), n, ad.data(), yd->data());
          return out;
        },
        [n](const Vec &a, const Vec &yb, Vec *ab) {
          Vec out(a.begin() + n, a.end()), ob = yb;
          g_grad(a.data(), out.data(), n, ab->data(), ob.data());
          for (int i = 0; i < n; ++i) (*ab)[n + i] = ob[i];
          return out;
        },
        rng);
  }
  return fd::finish();
}
#endif
