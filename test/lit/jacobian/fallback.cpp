// A Jacobian vector forward mode cannot build (a recursive callee: width(K)
// inlines every callee) goes to reverse mode, a sweep per row, although its
// columns are fewer than its rows; `--emit=stats` says why. Checked against
// central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s --emit=stats -o - | FileCheck %s --check-prefix=STATS
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double horner(const double *c, int n, double x) {
  if (n == 0)
    return c[0];
  return c[0] + x * horner(c + 1, n - 1, x);
}

// 2 inputs, 8 outputs: the polynomial with coefficients (a, b, a b, ...) at
// 7 points, and their sum.
#pragma adgen jacobian size(ab, 2) size(y, 7)
double curves(const double *ab, double *y) {
  double c[4];
  c[0] = ab[0];
  c[1] = ab[1];
  c[2] = ab[0] * ab[1];
  c[3] = std::sin(ab[0]);
  double s = 0.0;
  for (int k = 0; k < 7; ++k) {
    y[k] = horner(c, 3, 0.25 * k - 0.5);
    s += y[k];
  }
  return s;
}

// CHECK-LABEL: double curves_jacobian(const double *ab, double *y, double *jac) {
// CHECK-NOT: _jvp
// CHECK: adgen_curves_jacobian_grad(
// STATS: function curves_jacobian (jacobian w.r.t. ab)
// STATS: reverse mode: 8 adjoint sweeps (vector forward mode cannot take it: {{.*}}horner{{.*}})

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double curves_jacobian(const double *ab, double *y, double *jac);
using fd::Vec;
int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 6; ++t) {
    Vec ab = rng.vec(2, -1, 1), y(7), jac(16);
    double want_y[7];
    double v = curves(ab.data(), want_y);
    fd::check_equal("value", fd::at(ab), curves_jacobian(ab.data(), y.data(),
                                                         jac.data()), v);
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 2; ++c) {
        auto row = [&](double x) {
          Vec u = ab, out(7);
          u[c] = x;
          double s = curves(u.data(), out.data());
          return r < 7 ? out[r] : s;
        };
        fd::check_close("jac[" + std::to_string(r) + "][" + std::to_string(c) +
                            "]",
                        fd::at(ab), jac[r * 2 + c], fd::central(row, ab[c]),
                        1e-6, 1e-7);
      }
  }
  return fd::finish();
}
#endif
