// Reverse mode of nested loops: the inner trip count depends on the outer
// index, so each reversed inner loop must run its own count.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a) grad(a)
double f(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    double row = 0.0;
    for (int j = 0; j <= i; ++j)
      row += a[i] * a[j];
    s += std::sqrt(row + 1.0);
  }
  return s;
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *a, int n, double *a_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: s_bar += f_bar;
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: row_bar +=
// CHECK: for (int [[K2:k[_0-9]*]] = 0; [[K2]] < {{.+}}; ++[[K2]]) {
// CHECK-DAG: a_bar[{{.+}}] += {{.+}} * row_bar;
// CHECK-DAG: a_bar[{{.+}}] += {{.+}} * row_bar;
// CHECK: row_bar = 0.0;
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, const double *a_dot, double *f_dot);
double f_grad(const double *a, int n, double *a_bar, double f_bar = 1.0);
int main() {
  fd::Rng rng(15);
  for (int k = 0; k < 20; ++k) {
    int n = k % 6;
    std::vector<double> a = rng.vec(n, 0, 2);
    fd::check_grad("f", fd::at(a), a, n,
        [n](const fd::Vec &z) { return fd::Vec{f(z.data(), n)}; },
        [n](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [n](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{f_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
