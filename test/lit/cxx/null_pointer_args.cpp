// `nullptr` (or 0, NULL) passed for a pointer parameter the callee never
// uses (Clad's `do_nothing(&x, nullptr, 0)`): passed as written, with no
// shadow. A null argument for a parameter the callee reads is refused
// (diagnostics/pointer_null_test.cpp). Against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstddef>

static double do_nothing(double *u, [[maybe_unused]] double *v,
                         [[maybe_unused]] double *w) {
  return u[0];
}
static double sumsq(const double *a, [[maybe_unused]] const double *weights,
                    int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i];
  return s;
}

// CHECK-LABEL: ADGEN_HD double fn12_jvp(
// CHECK: adgen_do_nothing_jvp_{{[0-9]+}}(&{{.*}}, nullptr, nullptr,
#pragma adgen jvp grad
double fn12(double x, double y) { return do_nothing(&x, nullptr, 0) * y; }

#pragma adgen jvp grad
double norms(const double *a, int n) {
  return sumsq(a, nullptr, n) * std::exp(0.1 * sumsq(a, NULL, n));
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double fn12_jvp(double x, double y, double x_dot, double y_dot,
                double *fn12_dot);
double fn12_grad(double x, double y, double *x_bar, double *y_bar,
                 double fn12_bar = 1.0);
double norms_jvp(const double *a, int n, const double *a_dot,
                 double *norms_dot);
double norms_grad(const double *a, int n, double *a_bar,
                  double norms_bar = 1.0);
int main() {
  fd::check_scalar_grad(3, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &a) { return fn12(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return fn12_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return fn12_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  fd::Rng rng(4);
  for (int t = 0; t < 10; ++t) {
    fd::Vec x = rng.vec(4, -1, 1);
    fd::check_grad("norms", fd::at(x), x, x.size(),
        [](const fd::Vec &z) { return fd::Vec{norms(z.data(), 4)}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{norms_jvp(z.data(), 4, zd.data(), &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{norms_grad(z.data(), 4, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
