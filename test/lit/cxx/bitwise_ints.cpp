// Bitwise operators and shifts on passive integers: & | ^ << >> ~ and
// their compound forms, as statements, as values inside an active
// expression (`r *= (n <<= k)`), in loops and conditions, on int, unsigned,
// long and unsigned char (whose compound shift computes in int and
// narrows). Integers are never active: only the primal values matter, and
// each derivative is checked against central differences and the
// dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

// CHECK-LABEL: double masks_grad(
// CHECK: & 6
// CHECK: | 1
// CHECK-LABEL: double masks_jvp(
// CHECK: & 6
#pragma adgen jvp grad
double masks(double x, int k) {
  int m = k;
  m &= 6;
  return x * m + x * x * (k | 1);
}

// CHECK-LABEL: double shifts_grad(
// CHECK: ^ 5) << 2
// CHECK: ~k
#pragma adgen jvp grad
double shifts(double x, double y, int k) {
  int m = (k ^ 5) << 2;
  m >>= 1;
  unsigned u = 7u;
  u <<= k & 3;
  return x * (m + ~k) + x * y * static_cast<double>(u);
}

// CHECK-LABEL: double as_values_grad(
// CHECK: n << k
// CHECK-LABEL: double widths_grad(
// CHECK: 1L << 40
// CHECK: ~0UL >> 60
#pragma adgen jvp grad
double as_values(double x, double y, int k) {
  double r = x;
  int n = 3;
  r *= (n <<= k);
  double s = y * (n ^= 12);
  s += x * (n &= 10);
  return r * s + y * (n |= 1);
}

#pragma adgen jvp grad
double in_loop(double x, int count) {
  double r = x;
  int n = 9;
  for (int i = 0; i < count; ++i) {
    r *= (n ^= i) % 4 + 1;
    if (n & 1)
      r += x * (n >> 1);
    else
      r -= std::sin(x) * (n >> 2);
  }
  return r;
}

#pragma adgen jvp grad
double widths(double x, long s) {
  long big = 1L << 40;
  big >>= s;
  unsigned char c = 200;
  int w = (c <<= 1); // 400 narrowed to 144
  unsigned long mask = ~0UL >> 60;
  return x * static_cast<double>(big) * 1e-12 + x * w + x * x * c +
         x * static_cast<double>(mask);
}

#pragma adgen jvp grad
float masks_f(float x, int k) {
  int n = k;
  n |= 2;
  n ^= k << 1;
  return x * n * (k >> 1) + x * x;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(91);
  for (int t = 0; t < 12; ++t) {
    int k = rng.integer(0, 9);
    Vec x = rng.vec(1, -1.5, 1.5);
    fd::check_grad("masks", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{masks(z[0], k)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{masks_jvp(z[0], k, zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{masks_grad(z[0], k, &(*zb)[0], yb[0])};
        },
        rng);
    Vec w = rng.vec(2, -1.5, 1.5);
    fd::check_grad("shifts", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{shifts(z[0], z[1], k)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{shifts_jvp(z[0], z[1], k, zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{shifts_grad(z[0], z[1], k, &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    int sh = k % 4;
    fd::check_grad("as_values", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{as_values(z[0], z[1], sh)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{as_values_jvp(z[0], z[1], sh, zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{
              as_values_grad(z[0], z[1], sh, &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    fd::check_grad("in_loop", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{in_loop(z[0], k)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{in_loop_jvp(z[0], k, zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{in_loop_grad(z[0], k, &(*zb)[0], yb[0])};
        },
        rng);
    long s = k;
    fd::check_grad("widths", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{widths(z[0], s)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{widths_jvp(z[0], s, zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{widths_grad(z[0], s, &(*zb)[0], yb[0])};
        },
        rng);
    // The primal values themselves (the integers' semantics).
    fd::check_close("widths value", fd::at(x), widths(x[0], s),
                    x[0] * static_cast<double>((1L << 40) >> s) * 1e-12 +
                        x[0] * 144 + x[0] * x[0] * 144 + x[0] * 15,
                    1e-15, 1e-15);
    // float: f_jvp and f_grad against central differences in float.
    float xf = float(x[0]), xb = 0.0f, yd = 0.0f;
    masks_f_jvp(xf, k, 1.0f, &yd);
    masks_f_grad(xf, k, &xb);
    double want =
        fd::central_f([&](float v) { return masks_f(v, k); }, xf);
    fd::check_close("masks_f jvp", fd::at({x[0]}), yd, want, 2e-3, 2e-3);
    fd::check_close("masks_f grad", fd::at({x[0]}), xb, want, 2e-3, 2e-3);
  }
  return fd::finish();
}
#endif
