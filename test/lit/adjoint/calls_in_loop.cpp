// Reverse mode through helpers called inside a loop: a helper reading two
// arrays and a void helper accumulating into a local array, both once per
// outer iteration, on a local row rebuilt every iteration (so the backward
// sweep needs each iteration's row).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}
void axpy(double t, const double *a, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = out[i] + t * a[i];
}

#pragma adgen jvp(x) grad(x)
double f(const double *x, int n) {
  double row[4];
  double acc[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      row[j] = x[i] * x[j] + (i == j ? 1.0 : 0.0);
    axpy(std::tanh(dot(row, x, n)), row, acc, n);
  }
  return dot(acc, acc, n);
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *x, int n, double *x_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-DAG: double row_bar[4] = {};
// CHECK-DAG: double acc_bar[4] = {};
// CHECK: std::tanh(
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: row_bar[{{.+}}] +=
// CHECK: x_bar[{{.+}}] +=

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, int n, const double *x_dot, double *f_dot);
double f_grad(const double *x, int n, double *x_bar, double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(42);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 4;
    Vec x = rng.vec(n, -1, 1);
    fd::check_grad("f", fd::at(x), x, n,
        [n](const Vec &z) { return Vec{f(z.data(), n)}; },
        [n](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{f_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [n](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{f_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
