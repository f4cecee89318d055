// A recursive callee reads an array the caller writes after the call:
// reverse mode runs the callee again in the backward sweep, so the call's
// array is copied as the call saw it (at the top level) or taped (in a
// loop). Checked against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double tsum(const double *a, int lo, int hi) {
  if (hi - lo == 1)
    return std::sin(a[lo]) * a[lo];
  int m = (lo + hi) / 2;
  return tsum(a, lo, m) + tsum(a, m, hi) * a[lo];
}

#pragma adgen jvp(x) grad(x) size(x, 4) size(out, 4)
double f(const double *x, double *out) {
  double a[4];
  for (int i = 0; i < 4; ++i)
    a[i] = x[i] * x[i];
  double s = tsum(a, 0, 4);
  a[0] = s; // written after the call
  for (int t = 0; t < 3; ++t) {
    out[t] = std::cos(x[t]) + s;
    s = s + 0.5 * tsum(out, 0, 4); // out is written again next time round
  }
  return s * a[0];
}

// CHECK-LABEL: f_grad(
// CHECK: double a_at_tsum[4] = {};
// CHECK: copy a as tsum reads it: the caller writes it later
// CHECK: tape out as tsum reads it: the caller writes it later
// CHECK: backward sweep: out_at_tsum as the call saw it
// CHECK: adgen_tsum_grad_100(out_at_tsum, 0, 4, out_bar,
// CHECK: adgen_tsum_grad_100(a_at_tsum, 0, 4, a_bar,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *x, double *out, const double *x_dot,
             double *out_dot, double *f_dot);
double f_grad(const double *x, double *out, double *x_bar, double *out_bar,
              double f_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(13);
  for (int k = 0; k < 12; ++k) {
    Vec z = rng.vec(8, -1, 1); // x, then out's initial values
    auto primal = [](const Vec &v) {
      Vec o(v.begin() + 4, v.end());
      double y = f(v.data(), o.data());
      return Vec{y, o[0], o[1], o[2], o[3]};
    };
    fd::check_grad("f", fd::at(z), z, 4, primal,
        [](const Vec &v, const Vec &d, Vec *yd) {
          Vec o(v.begin() + 4, v.end()), od(d.begin() + 4, d.end());
          double y = f_jvp(v.data(), o.data(), d.data(), od.data(), &(*yd)[0]);
          for (int i = 0; i < 4; ++i)
            (*yd)[1 + i] = od[i];
          return Vec{y, o[0], o[1], o[2], o[3]};
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          Vec o(v.begin() + 4, v.end()), ob(yb.begin() + 1, yb.end());
          double y = f_grad(v.data(), o.data(), vb->data(), ob.data(), yb[0]);
          for (int i = 0; i < 4; ++i) // out_bar: in, the final's; out, the initial's
            (*vb)[4 + i] = ob[i];
          return Vec{y, o[0], o[1], o[2], o[3]};
        },
        rng);
  }
  return fd::finish();
}
#endif
