// A `static const` (or `static constexpr`) local scalar with a constant
// initializer is a named constant: it holds no state between calls, so it
// is read as its value (Adept's simulate_radiance: BOLTZMANN_CONSTANT). A
// static local that is not constant is refused (diagnostics/static_local).
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double planck_grad(
// CHECK-NOT: static const
// CHECK: 1.380648813e-23
#pragma adgen jvp grad
double planck(double t, const double *w, int n) {
  static const double BOLTZMANN = 1.380648813e-23;
  static constexpr int K = 3;
  static const float HALF = 0.5f;
  double s = 0;
  for (int i = 0; i < n && i < K; ++i)
    s += w[i] * std::exp(-t * BOLTZMANN * 1e23) * HALF;
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(3);
  for (int t = 0; t < 20; ++t) {
    Vec z0 = rng.vec(5, -1.2, 1.2);
    fd::check_grad("planck", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) { return Vec{planck(z[0], z.data() + 1, 4)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{planck_jvp(z[0], z.data() + 1, 4, zd[0], zd.data() + 1,
                                &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{planck_grad(z[0], z.data() + 1, 4, &(*zb)[0],
                                 zb->data() + 1, yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
