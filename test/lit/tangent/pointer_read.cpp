// A const pointer parameter read by the function, active through jvp(x);
// the other pointer stays inactive.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x)
double f(const double *x, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * std::exp(x[i]) + x[i] * x[n - 1 - i];
  return std::log(s * s + 1.0);
}

// CHECK-LABEL: ADGEN_HD double f_jvp(const double *x, const double *w, int n,
// CHECK-NEXT: const double *x_dot, double *f_dot) {
// CHECK-NOT: w_dot
// CHECK: for (int i = 0; i < n; ++i) {
// CHECK: s_dot =
// CHECK-SAME: x_dot[i]
// CHECK-SAME: x_dot[v{{[0-9]+}}]
// CHECK: std::log(
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, const double *w, int n, const double *x_dot,
             double *f_dot);
int main() {
  fd::Rng rng(17);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 6;
    std::vector<double> x = rng.vec(n, -1, 1), w = rng.vec(n, -1, 1),
                        v = rng.vec(n, -1, 1);
    fd::Guarded gx(x, fd::Guarded::End), gv(v, fd::Guarded::End);
    std::string p = fd::at(x);
    double d = 0;
    double val = f_jvp(gx.data(), w.data(), n, gv.data(), &d);
    fd::check_equal("f", p, val, f(x.data(), w.data(), n));
    fd::check_close("f along v", p, d, fd::directional([&](double t) {
                      return f(fd::axpy(x, t, v).data(), w.data(), n); }));
  }
  return fd::finish();
}
#endif
