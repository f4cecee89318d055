// Scalars whose address is taken: a by-value parameter passed to `double &`
// (clad's Gradient/FunctionCalls fn2, fn3) and `&x` of a parameter or local
// passed to `const double *` or `double *` (fn17). Each lives in a cell
// (`double x_1 = x;` then x_1 by address) that the call reads or writes.
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

static double modify1(double &i, double &j) {
  i += j * j;
  j += std::sin(i);
  return i + j;
}

static double add(double a, const double *b) { return a + b[0] * a; }
static void scale(double *p, double k) { *p *= k; }

// CHECK-LABEL: double fn2_grad(
#pragma adgen jvp grad
double fn2(double i, double j) {
  double temp = modify1(i, j);
  temp *= modify1(i, j);
  return i * temp + j;
}

#pragma adgen jvp grad
double fn17(double x, const double *y) {
  x = add(x, y);
  x = add(x, &x);
  double z = x * y[1];
  scale(&z, x);
  scale(&x, 0.5);
  return x + z;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(77);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.2, 1.2);
    fd::check_grad("fn2", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{fn2(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{fn2_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{fn2_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    Vec w = rng.vec(3, -1.2, 1.2);
    fd::check_grad("fn17", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{fn17(z[0], &z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{fn17_jvp(z[0], &z[1], zd[0], &zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{fn17_grad(z[0], &z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
