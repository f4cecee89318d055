// Pointer parameters tested against null (optional outputs and inputs,
// Clad's `s ? x * x : x` on a `const char *`): `if (out)`, `p != nullptr`,
// `!w || w == nullptr`, a pointer into a parameter (set when it is), and a
// callee's test of an argument that is the caller's own array (never
// null). The test is a passive condition, the same in the derivatives.
// Against central differences and the dot-product test, with and without
// the optional pointers.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

static void maybe(double *out, double v) {
  if (out)
    *out = v * v;
}

// CHECK-LABEL: double f_grad(
// CHECK: const bool v1 = s != nullptr;
// CHECK: out != nullptr
// The inlined callee's test of the caller's own `loc` is decided: no
// branch is left.
// CHECK: double maybe_v = x;
// CHECK-NEXT: // null_tests.cpp:{{[0-9]+}}
// CHECK-NEXT: const double {{v[0-9]+}} = maybe_v + maybe_v;
// CHECK-NEXT: loc[0] = maybe_v * maybe_v;
#pragma adgen jvp grad
double f(double x, const char *s, double *out, const double *w) {
  double r = s ? x * x : x;
  if (out != nullptr)
    *out = std::sin(x);
  const double *w1 = w + 1;
  if (!w || w1 == nullptr)
    return r;
  double loc[2] = {x, 1};
  maybe(loc, x);
  maybe(out, r * w1[0]);
  return r * w[0] + loc[0];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(23);
  for (int t = 0; t < 20; ++t) {
    for (int mask = 0; mask < 8; ++mask) {
      const char *s = (mask & 1) ? "on" : nullptr;
      bool hasOut = mask & 2, hasW = mask & 4;
      // x and w (2, summed), then out (1, in/out) when given.
      Vec z0 = rng.vec(4, -1.2, 1.2);
      auto wOf = [&](const Vec &z) { return hasW ? z.data() + 1 : nullptr; };
      auto outOf = [&](Vec &o) { return hasOut ? o.data() : nullptr; };
      fd::check_grad("f mask " + std::to_string(mask), fd::at(z0), z0, 3,
          [&](const Vec &z) {
            Vec o{z[3]};
            double y = f(z[0], s, outOf(o), wOf(z));
            return Vec{y, o[0]};
          },
          [&](const Vec &z, const Vec &zd, Vec *yd) {
            Vec o{z[3]}, od{zd[3]};
            double y = f_jvp(z[0], s, outOf(o), wOf(z), zd[0], outOf(od),
                             hasW ? zd.data() + 1 : nullptr, &(*yd)[0]);
            (*yd)[1] = od[0];
            return Vec{y, o[0]};
          },
          [&](const Vec &z, const Vec &yb, Vec *zb) {
            Vec o{z[3]}, ob{yb[1]};
            double y = f_grad(z[0], s, outOf(o), wOf(z), &(*zb)[0], outOf(ob),
                              hasW ? zb->data() + 1 : nullptr, yb[0]);
            (*zb)[3] = ob[0];
            return Vec{y, o[0]};
          },
          rng);
    }
  }
  return fd::finish();
}
#endif
