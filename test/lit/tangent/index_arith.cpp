// Integer index arithmetic: a[2*i+1], a[i % 3], a[n-1-i/2], and a local array
// written at a computed index.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a)
double f(const double *a, int n) {
  double b[4] = {0.0, 0.0, 0.0, 0.0};
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s += a[2 * i + 1] * a[i % 3] - a[n - 1 - i / 2];
    b[(i + 1) % 4] += a[2 * i] * s;
  }
  return s + b[0] * b[1] + b[2 * 1 + 1];
}

// The tangent reads and writes use the same computed indices as the primal.
// CHECK-LABEL: ADGEN_HD double f_jvp(const double *a, int n, const double *a_dot,
// CHECK: const int [[I1:v[0-9]+]] = {{.*}} + 1;
// CHECK: a[[[I1]]]
// CHECK: const int [[I2:v[0-9]+]] = i % 3;
// CHECK: s_dot =
// CHECK-SAME: a_dot[[[I1]]]
// CHECK-SAME: a_dot[[[I2]]]
// CHECK: const int [[I3:v[0-9]+]] = {{.*}} % 4;
// CHECK: b_dot[[[I3]]] =
// CHECK-NEXT: b[[[I3]]] +=
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, const double *a_dot, double *f_dot);
int main() {
  fd::Rng rng(23);
  for (int k = 0; k < 20; ++k) {
    int n = 3 + k % 5;  // a has 2n elements
    std::vector<double> a = rng.vec(2 * n, -1, 1), v = rng.vec(2 * n, -1, 1);
    fd::Guarded ga(a, fd::Guarded::End), gv(v, fd::Guarded::End);
    std::string p = fd::at(a);
    double d = 0;
    double val = f_jvp(ga.data(), n, gv.data(), &d);
    fd::check_equal("f", p, val, f(a.data(), n));
    fd::check_close("f along v", p, d, fd::directional([&](double t) {
                      return f(fd::axpy(a, t, v).data(), n); }));
  }
  return fd::finish();
}
#endif
