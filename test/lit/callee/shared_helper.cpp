// A helper with a loop called from several places gets one adjoint of its
// own (SPEC §4), called once per site instead of its body inlined at each:
// sites at the top level, one inside a loop (its scalar argument changes
// every iteration), nested calls through a helper that is inlined, and a
// call inside a checkpointed loop. Checked against central differences and
// the dot-product test.
// RUN: adgen --callees=joint %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
// RUN: adgen %s -o %t.split.cpp
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.cpp
// RUN: %cxx -c %t.split.cpp -o %t.split.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.split.o -o %t.split.exe
// RUN: %t.split.exe
#include <cmath>

double wsum(const double *w, const double *x, int n, double s) {
  double acc = 0.0;
  for (int i = 0; i < n; ++i)
    acc += w[i] * std::tanh(s * x[i]);
  return acc;
}

double both(const double *w, const double *x, int n, double s) {
  return wsum(w, x, n, s) * wsum(x, w, n, 0.5 * s);
}

// A kept helper calling a kept helper.
double energy(const double *w, const double *x, int n, double s) {
  double e = 0.0;
  for (int r = 0; r < 2; ++r)
    e += wsum(w, x, n, s + r) * wsum(x, x, n, s);
  return e;
}

#pragma adgen jvp(w, x, s) grad(w, x, s) size(w, n) size(x, n)
double f(const double *w, const double *x, int n, double s) {
  double a = wsum(w, x, n, s);
  double b = wsum(x, w, n, a);
  double c = 0.0;
  for (int k = 0; k < 3; ++k)
    c += std::sin(wsum(w, w, n, s + k * b));
  return a * b + c + both(w, x, n, c) + energy(w, x, n, a) -
         0.5 * energy(x, w, n, b);
}

#pragma adgen grad(w, s) size(w, n)
double g(const double *w, int n, double s, int steps) {
  double h = s;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < steps; ++t)
    h = h + 0.1 * wsum(w, w, n, h);
  return h * wsum(w, w, n, 1.0);
}

// The helper's adjoint once, for its one activity pattern; f's body holds
// calls to it, not its loop.
// CHECK: inline double adgen_wsum_grad_1101(
// CHECK-NOT: inline double adgen_wsum_grad_1101(
// CHECK-LABEL: inline double adgen_energy_grad_1101(
// CHECK: adgen_wsum_grad_1101(x, x, n, s,
// CHECK: adgen_wsum_grad_1101(w, x, n, {{v[0-9]+}},
// CHECK-LABEL: f_grad(
// CHECK: adgen_energy_grad_1101(x, w, n, b,
// CHECK: adgen_energy_grad_1101(w, x, n, a,
// CHECK-COUNT-5: adgen_wsum_grad_1101(
// CHECK-NOT: adgen_wsum_grad_1101(
// CHECK-LABEL: g_grad(
// CHECK: adgen_wsum_grad_1100(w, w, n, 1.0, w_bar, w_bar,
// CHECK: adgen_wsum_grad_1101(w, w, n, {{v[0-9]+}}, w_bar, w_bar,

// In split mode (the default) the top-level calls go to the helper's two
// halves, each emitted once; the calls in loops stay in joint mode.
// SPLIT: inline double adgen_wsum_fwd_1101(
// SPLIT-NOT: inline double adgen_wsum_fwd_1101(
// SPLIT: inline void adgen_wsum_rev_1101(
// SPLIT-NOT: inline void adgen_wsum_rev_1101(
// SPLIT-LABEL: f_grad(
// SPLIT: adgen_wsum_fwd_1101(w, x, n, s, tape_double);
// SPLIT: for (
// SPLIT: adgen_wsum_grad_1101(w, w, n,
// SPLIT: adgen_wsum_rev_1101(w, x, n, s, w_bar, x_bar,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const double *w, const double *x, int n, double s,
             const double *w_dot, const double *x_dot, double s_dot,
             double *f_dot);
double f_grad(const double *w, const double *x, int n, double s, double *w_bar,
              double *x_bar, double *s_bar, double f_bar = 1.0);
double g_grad(const double *w, int n, double s, int steps, double *w_bar,
              double *s_bar, double g_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(11);
  for (int k = 0; k < 10; ++k) {
    int n = 1 + k % 5;
    Vec z = rng.vec(2 * n + 1, -1, 1); // w, x, s
    fd::check_grad("f", fd::at(z), z, 2 * n + 1,
        [n](const Vec &v) { return Vec{f(v.data(), v.data() + n, n, v[2 * n])}; },
        [n](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{f_jvp(v.data(), v.data() + n, n, v[2 * n], d.data(),
                           d.data() + n, d[2 * n], &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{f_grad(v.data(), v.data() + n, n, v[2 * n], vb->data(),
                            vb->data() + n, &(*vb)[2 * n], yb[0])};
        },
        rng);
  }
  for (int k = 0; k < 8; ++k) {
    int n = 1 + k % 4, steps = k * 2 + 1;
    Vec z = rng.vec(n + 1, -1, 1);
    auto L = [&](const Vec &v) { return g(v.data(), n, v[n], steps); };
    Vec zb(n + 1, 0.0);
    double yb = rng.uniform(-1, 1);
    fd::check_equal("g value", fd::at(z),
                    g_grad(z.data(), n, z[n], steps, zb.data(), &zb[n], yb),
                    L(z));
    for (int i = 0; i <= n; ++i)
      fd::check_close("g_grad[" + std::to_string(i) + "]", fd::at(z), zb[i],
                      yb * fd::central([&](double t) {
                        Vec u = z;
                        u[i] = t;
                        return L(u);
                      }, z[i]), 1e-6, 1e-7);
  }
  return fd::finish();
}
#endif
