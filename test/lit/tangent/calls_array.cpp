// Calls with arrays: a helper reading two arrays, a void helper writing a
// local array, and a void helper writing the caller's output array.
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

void scale(const double *a, double s, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = s * std::tanh(a[i]);
}

#pragma adgen jvp(x)
double f(const double *x, const double *w, int n) {
  double tmp[8];
  scale(x, 2.0, tmp, n);
  return dot(tmp, w, n) + dot(x, x, n);
}

#pragma adgen jvp(x)
void g(const double *x, double *out, int n) { scale(x, x[0], out, n); }

// CHECK-DAG: inline void adgen_scale_jvp_1010(const double *a, double s,
// CHECK-DAG: inline double adgen_dot_jvp_100(const double *a, const double *b,
// CHECK-DAG: inline double adgen_dot_jvp_110(const double *a, const double *b,
// CHECK-LABEL: ADGEN_HD double f_jvp(const double *x, const double *w, int n,
// CHECK: double tmp_dot[8]
// CHECK: adgen_scale_jvp_1010(x, 2.0, tmp, n, x_dot, tmp_dot);
// CHECK: adgen_dot_jvp_100(tmp, w, n, tmp_dot,
// CHECK: adgen_dot_jvp_110(x, x, n, x_dot, x_dot,
// CHECK: *f_dot =
// The void helper called with an active scale: another variant.
// CHECK: inline void adgen_scale_jvp_1110(const double *a, double s,
// CHECK-LABEL: ADGEN_HD void g_jvp(const double *x, double *out, int n, const double *x_dot,
// CHECK: adgen_scale_jvp_1110(x, x[0], out, n, x_dot, x_dot[0], out_dot);

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, const double *w, int n, const double *x_dot,
             double *f_dot);
void g_jvp(const double *x, double *out, int n, const double *x_dot,
           double *out_dot);
int main() {
  fd::Rng rng(20);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 8;
    std::vector<double> x = rng.vec(n, -1.5, 1.5), w = rng.vec(n, -1, 1),
                        v = rng.vec(n, -1, 1);
    std::string p = fd::at(x);
    double d = 0;
    double val = f_jvp(x.data(), w.data(), n, v.data(), &d);
    fd::check_equal("f", p, val, f(x.data(), w.data(), n));
    fd::check_close("f along v", p, d, fd::directional([&](double t) {
                      return f(fd::axpy(x, t, v).data(), w.data(), n); }));
    std::vector<double> out(n, 5.0), out_dot(n, 5.0), want(n);
    g_jvp(x.data(), out.data(), n, v.data(), out_dot.data());
    g(x.data(), want.data(), n);
    for (int i = 0; i < n; ++i) {
      std::string e = "[" + std::to_string(i) + "]";
      fd::check_equal("g out" + e, p, out[i], want[i]);
      fd::check_close("g out_dot" + e, p, out_dot[i], fd::directional([&](double t) {
                        std::vector<double> o(n);
                        g(fd::axpy(x, t, v).data(), o.data(), n);
                        return o[i]; }));
    }
  }
  return fd::finish();
}
#endif
