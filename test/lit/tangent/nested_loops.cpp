// Nested loops: the inner trip count depends on the outer index.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a)
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

// CHECK-LABEL: ADGEN_HD double f_jvp(const double *a, int n, const double *a_dot,
// CHECK: for (int i = 0; i < n; ++i) {
// CHECK: double row_dot = 0.0;
// CHECK: for (int j = 0; j <= i; ++j) {
// CHECK: row_dot =
// CHECK-DAG: a_dot[i]
// CHECK-DAG: a_dot[j]
// CHECK: row +=
// CHECK-NEXT: }
// CHECK: std::sqrt(
// CHECK: s_dot +=
// CHECK: *f_dot = s_dot;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, const double *a_dot, double *f_dot);
int main() {
  fd::Rng rng(15);
  for (int k = 0; k < 20; ++k) {
    int n = k % 6;
    std::vector<double> a = rng.vec(n, 0, 2), v = rng.vec(n, -1, 1);
    std::string p = fd::at(a);
    double d = 0;
    double val = f_jvp(a.data(), n, v.data(), &d);
    fd::check_equal("f", p, val, f(a.data(), n));
    fd::check_close("f along v", p, d, fd::directional([&](double t) {
                      return f(fd::axpy(a, t, v).data(), n); }));
  }
  return fd::finish();
}
#endif
