// Reverse mode with integer index arithmetic: a[2*i+1], a[i % 3],
// a[n-1-i/2], and a local array written at a computed index. The adjoint
// writes a_bar at the same computed indices (a and a_bar end at a guard page).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(a) grad(a)
double f(const double *a, int n) {
  double b[4] = {0.0, 0.0, 0.0, 0.0};
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s += a[2 * i + 1] * a[i % 3] - a[n - 1 - i / 2];
    b[(i + 1) % 4] += a[2 * i] * s;
  }
  return s + b[0] * b[1] + b[2 * 1 + 1];
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *a, int n, double *a_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK: double b_bar[4] = {};
// CHECK: const int [[I1:v[0-9]+]] = {{.*}} + 1;
// CHECK: a[[[I1]]]
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: a_bar[{{.+}}] +=
// CHECK: a_bar[{{.+}}] -=
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *a, int n, const double *a_dot, double *f_dot);
double f_grad(const double *a, int n, double *a_bar, double f_bar = 1.0);
int main() {
  fd::Rng rng(23);
  for (int k = 0; k < 20; ++k) {
    int n = 3 + k % 5;  // a has 2n elements
    std::vector<double> a = rng.vec(2 * n, -1, 1);
    fd::check_grad("f", fd::at(a), a, 2 * n,
        [n](const fd::Vec &z) { return fd::Vec{f(z.data(), n)}; },
        [n](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          fd::Guarded gz(z, fd::Guarded::End), gd(zd, fd::Guarded::End);
          return fd::Vec{f_jvp(gz.data(), n, gd.data(), &(*yd)[0])};
        },
        [n](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          fd::Guarded gz(z, fd::Guarded::End), gb(*zb, fd::Guarded::End);
          double v = f_grad(gz.data(), n, gb.data(), yb[0]);
          for (int i = 0; i < 2 * n; ++i) (*zb)[i] = gb[i];
          return fd::Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
