// Reverse mode with a const pointer parameter read by the function, active
// through grad(x): x_bar is a double* the adjoints are added to; the other
// pointer stays inactive and gets none. x and x_bar end at an inaccessible
// page.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x) grad(x)
double f(const double *x, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * std::exp(x[i]) + x[i] * x[n - 1 - i];
  return std::log(s * s + 1.0);
}

// CHECK-LABEL: ADGEN_HD double f_grad(const double *x, const double *w, int n, double *x_bar,
// CHECK-NEXT: double f_bar = 1.0) {
// CHECK-NOT: w_bar
// CHECK: std::log(
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// x[i] * x[n - 1 - i] adds to two elements of x_bar.
// CHECK-DAG: x_bar[{{.+}}] += {{.+}} * s_bar;
// CHECK-DAG: x_bar[{{.+}}] += x[{{.+}}] * s_bar;
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, const double *w, int n, const double *x_dot,
             double *f_dot);
double f_grad(const double *x, const double *w, int n, double *x_bar,
              double f_bar = 1.0);
int main() {
  fd::Rng rng(17);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 6;
    std::vector<double> x = rng.vec(n, -1, 1), w = rng.vec(n, -1, 1);
    fd::check_grad("f", fd::at(x), x, n,
        [&](const fd::Vec &z) { return fd::Vec{f(z.data(), w.data(), n)}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          fd::Guarded gz(z, fd::Guarded::End), gd(zd, fd::Guarded::End);
          return fd::Vec{f_jvp(gz.data(), w.data(), n, gd.data(), &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          fd::Guarded gz(z, fd::Guarded::End), gb(*zb, fd::Guarded::End);
          double v = f_grad(gz.data(), w.data(), n, gb.data(), yb[0]);
          for (int i = 0; i < n; ++i) (*zb)[i] = gb[i];
          return fd::Vec{v};
        },
        rng);
  }
  // The default seed, 1: value and gradient in one call.
  double x[3] = {0.5, -0.25, 1.0}, w[3] = {1.0, 2.0, -1.0}, xb[3] = {0, 0, 0};
  fd::check_equal("f default seed", "x0", f_grad(x, w, 3, xb), f(x, w, 3));
  for (int i = 0; i < 3; ++i)
    fd::check_close("f default seed grad", "x0", xb[i], fd::central([&](double t) {
                      double z[3] = {x[0], x[1], x[2]};
                      z[i] = t;
                      return f(z, w, 3); }, x[i]));
  return fd::finish();
}
#endif
