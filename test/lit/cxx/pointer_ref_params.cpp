// A `T *&` parameter the function never re-points (no assignment, ++/--,
// address or `T *&` argument) is the pointer it names, as a `T *`
// parameter; one that is re-pointed stays refused (ReferenceParam, the
// second RUN). Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
// RUN: not adgen %s -DREPOINTED -o %t.bad.cpp 2>&1 | FileCheck %s --check-prefix=BAD
#include <cmath>

static double deref(double *&p) { return *p * std::sin(p[1]); }

// CHECK-LABEL: double twice_grad(double x, const double *a, double *x_bar,
#pragma adgen jvp grad
double twice(double x, const double *a) {
  double w[2] = {a[0] * x, a[1]};
  double *q = w;
  return deref(q) + x * a[1];
}

#ifdef REPOINTED
static double step(double *&p) {
  // BAD: pointer_ref_params.cpp:[[@LINE-1]]:29: error: reference parameter 'p' is not supported by adgen
  ++p;
  return *p;
}
#pragma adgen jvp grad
double stepped(double *a) { return step(a); }
#endif

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(13);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(3, -1.5, 1.5);
    fd::check_grad("twice", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{twice(z[0], &z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{twice_jvp(z[0], &z[1], zd[0], &zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{twice_grad(z[0], &z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
