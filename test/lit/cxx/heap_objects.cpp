// A struct allocated with `new` in the function (`T *t = new T{x};`,
// `new S(u, v)` with a constructor) is an object of its own, used through
// `t->x` and deleted (delete emits nothing). And a method whose object it
// never uses, called on `(r = x * x, s)`: the comma's left side runs for
// its effect. Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Cell {
  double x;
  int id;
};
struct Pair {
  double a, b;
  Pair(double u, double v) : a(u * v), b(std::sin(u)) {}
};
struct Sink {
  void ignore(double) const {}
};

// CHECK-LABEL: double heap_grad(double x, double z, double *x_bar,
// CHECK-NOT: new
// CHECK-NOT: delete
// CHECK-LABEL: double heap_jvp(
#pragma adgen jvp grad
double heap(double x, double z) {
  Cell *c = new Cell{x * z, 3};
  Pair *p = new Pair(x, z);
  p->b *= c->x;
  double r = 0;
  Sink s;
  (r = x * x, s).ignore(0.);
  double res = c->x * p->a + p->b * c->id + r;
  delete c;
  delete p;
  return res;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(23);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.5, 1.5);
    fd::check_grad("heap", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{heap(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{heap_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{heap_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
