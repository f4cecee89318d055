// Pointer members that are only ever null (SPEC §5: structs with pointer
// members): a struct returned by a helper as `{value, nullptr}`, a local
// initialised with nullptr or by a default member initializer, copied and
// passed on. Such a member holds nothing adgen must differentiate, so it
// is dropped; any other use of it is refused at the use (test/lit/
// diagnostics/null_pointer_member.cpp). Against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Cached {
  double value;
  double *cache;
  int hits;
};

struct Link {
  Link *next = nullptr;
  double weight = 1.0;
};

static Cached evaluate(double x) { return {std::exp(x) * x, nullptr, 1}; }
static Cached shifted(Cached c, double s) { return {c.value + s, nullptr, c.hits}; }

// CHECK-LABEL: double cached_grad(double x, double y, double *x_bar,
#pragma adgen jvp grad
double cached(double x, double y) {
  Cached c = evaluate(x);
  Cached d = shifted(c, y);
  Link l;
  l.weight *= y;
  Link m{nullptr, x};
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += shifted(evaluate(y * i), x).value;
  return d.value * l.weight + m.weight * c.hits + s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(12);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.2, 1.2);
    fd::check_grad("cached", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{cached(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{cached_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{cached_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
