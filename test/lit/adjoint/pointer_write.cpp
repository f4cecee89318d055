// Reverse mode with a double* the function writes: always active, out_bar
// carries the cotangent of its final value in and of its initial value out
// (overwritten, not summed). f reads out's initial value; g never does (its
// initial value's cotangent is zero, whatever out_bar held).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x) grad(x)
void f(const double *x, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = out[i] * x[i] + std::sin(x[i]);
  out[0] *= out[n - 1];
}

#pragma adgen jvp(x) grad(x)
double g(double x, double *out) {
  out[0] = x * x;
  out[1] = std::exp(out[0]);
  return out[1] - x;
}

// CHECK-LABEL: ADGEN_HD void f_grad(const double *x, double *out, int n, double *x_bar,
// CHECK-NEXT: double *out_bar) {
// CHECK: out[i] =
// out[0] *= out[n - 1], in reverse: out_bar[0] is scaled, out_bar[n - 1] gains.
// CHECK: [[O:v[0-9]+]] = out_bar[0];
// CHECK-NEXT: out_bar[0] = {{.*}}[[O]];
// CHECK-NEXT: out_bar[{{.+}}] += {{.*}}[[O]];
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: x_bar[{{.+}}] +=
// CHECK-LABEL: ADGEN_HD double g_grad(double x, double *out, double *x_bar, double *out_bar,
// CHECK-NEXT: double g_bar = 1.0) {
// return out[1] - x: the seed goes into out_bar[1].
// CHECK: out_bar[1] += g_bar;
// out[1] = exp(out[0]) overwrote out[1]: its initial cotangent is zero.
// CHECK: out_bar[1] = 0.0;
// CHECK: out_bar[0] = 0.0;
// CHECK: {{\*x_bar \+?=}}
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
void f_jvp(const double *x, double *out, int n, const double *x_dot,
           double *out_dot);
void f_grad(const double *x, double *out, int n, double *x_bar,
            double *out_bar);
double g_jvp(double x, double *out, double x_dot, double *out_dot,
             double *g_dot);
double g_grad(double x, double *out, double *x_bar, double *out_bar,
              double g_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(18);
  for (int k = 0; k < 20; ++k) {
    int n = 1 + k % 5;
    // Inputs: x[0..n), then out's initial value; outputs: out's final value.
    Vec z = rng.vec(2 * n, -1.5, 1.5);
    auto split = [n](const Vec &v) {
      return std::make_pair(Vec(v.begin(), v.begin() + n), Vec(v.begin() + n, v.end()));
    };
    fd::check_grad("f", fd::at(z), z, n,
        [&](const Vec &a) {
          auto [x, out] = split(a);
          f(x.data(), out.data(), n);
          return out;
        },
        [&](const Vec &a, const Vec &ad, Vec *yd) {
          auto [x, out] = split(a);
          auto [xd, od] = split(ad);
          f_jvp(x.data(), out.data(), n, xd.data(), od.data());
          *yd = od;
          return out;
        },
        [&](const Vec &a, const Vec &yb, Vec *ab) {
          auto [x, out] = split(a);
          Vec xb(ab->begin(), ab->begin() + n), ob = yb;
          // Out of the caller's sight, x_bar and out_bar end at a guard page.
          fd::Guarded gxb(xb, fd::Guarded::End), gob(ob, fd::Guarded::End);
          f_grad(x.data(), out.data(), n, gxb.data(), gob.data());
          for (int i = 0; i < n; ++i) {
            (*ab)[i] = gxb[i];
            (*ab)[n + i] = gob[i];
          }
          return out;
        },
        rng);
    // g: inputs x and out's initial value (never read); outputs the return
    // value and out's final value.
    Vec gz = {rng.uniform(-1.2, 1.2), rng.uniform(-1, 1), rng.uniform(-1, 1)};
    fd::check_grad("g", fd::at(gz), gz, 1,
        [](const Vec &a) {
          double out[2] = {a[1], a[2]};
          double v = g(a[0], out);
          return Vec{v, out[0], out[1]};
        },
        [](const Vec &a, const Vec &ad, Vec *yd) {
          double out[2] = {a[1], a[2]}, od[2] = {ad[1], ad[2]}, d = 0;
          double v = g_jvp(a[0], out, ad[0], od, &d);
          *yd = Vec{d, od[0], od[1]};
          return Vec{v, out[0], out[1]};
        },
        [](const Vec &a, const Vec &yb, Vec *ab) {
          double out[2] = {a[1], a[2]}, ob[2] = {yb[1], yb[2]};
          double v = g_grad(a[0], out, &(*ab)[0], ob, yb[0]);
          (*ab)[1] = ob[0];
          (*ab)[2] = ob[1];
          return Vec{v, out[0], out[1]};
        },
        rng);
    // Never read: out_bar comes back exactly zero, whatever it held.
    double out[2] = {7, 7}, ob[2] = {1e300, -1e300}, xb = 0;
    g_grad(gz[0], out, &xb, ob);
    fd::check_equal("g out_bar[0] on exit", fd::at(gz), ob[0], 0.0);
    fd::check_equal("g out_bar[1] on exit", fd::at(gz), ob[1], 0.0);
  }
  return fd::finish();
}
#endif
