// Rvalue-reference parameters (`double &&v`) that the callee only reads
// take the value of what they bind to: a temporary (`take(bump(r = x *
// x))`), a cast xvalue of a variable (`static_cast<double &&>(r =
// bump(x))`, and its reinterpret_cast to the same type) or std::move(x),
// which is x's value. Against central
// differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <utility>

static double take(double &&v) { return v * std::cos(v); }
static double bump(double x) { return x * x; }

// CHECK-LABEL: double rvalues_grad(double x, double y, double *x_bar,
#pragma adgen jvp grad
double rvalues(double x, double y) {
  double r = 0;
  double a = take(bump(r = x * y));
  double b = take(static_cast<double &&>(bump(r = x + y)));
  double c = take(static_cast<double &&>(r = bump(x)));
  double d = take(reinterpret_cast<double &&>(r = bump(y))); // the same type
  return a + b * c + r * take(std::move(y)) + d;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(29);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.2, 1.2);
    fd::check_grad("rvalues", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{rvalues(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{rvalues_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{rvalues_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
