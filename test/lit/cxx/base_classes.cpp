// Structs with base classes (SPEC §5): a derived object holds its bases'
// members first, so its leaves are the bases' members then its own; a
// constructor's base initializer, a method of the derived class reading
// inherited members, a base method called on a derived object, a derived
// object passed to a `const Base &` parameter, and a non-virtual method of
// a class with a virtual destructor. Against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Shape {
  double scale;
  int sides = 4;
  Shape(double s) : scale(s) {}
  double perimeter(double side) const { return scale * side * sides; }
  virtual ~Shape() {}
};

struct Rect : Shape {
  double w, h;
  Rect(double s, double w_, double h_) : Shape(s * s), w(w_), h(h_) {}
  #pragma adgen jvp grad
  double area(double k) const { return scale * w * h * k + perimeter(w); }
};

struct Base {
  double a, b;
};
struct Mixed : Base {
  double c;
};

static double weight(const Base &s, double x) { return s.a * x + std::sin(s.b); }

// The derived object's leaves: the base's members, then its own.
// CHECK-LABEL: ADGEN_HD double Rect_area_grad(const Rect &self, double k, Rect *self_bar,
// CHECK: return adgen_flat_Rect_area_grad(self.scale, self.sides, self.w, self.h, k,
// CHECK-LABEL: ADGEN_HD double mixed_grad(const Mixed &m, double x, Mixed *m_bar,
// CHECK-NEXT: double *x_bar, double mixed_bar = 1.0) {
// CHECK-NEXT: return adgen_flat_mixed_grad(m.a, m.b, m.c, x, &m_bar->a, &m_bar->b,
#pragma adgen jvp grad
double mixed(const Mixed &m, double x) {
  return weight(m, x) * m.c + m.a * m.b;
}

#pragma adgen jvp grad
double boxes(double s, double w, double h) {
  Rect r(s, w, h);
  r.w *= h;
  return r.area(2.0) + r.perimeter(s);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(3, -1.5, 1.5);
    fd::check_grad("boxes", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{boxes(z[0], z[1], z[2])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{boxes_jvp(z[0], z[1], z[2], zd[0], zd[1], zd[2], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{boxes_grad(z[0], z[1], z[2], &(*zb)[0], &(*zb)[1], &(*zb)[2],
                                yb[0])};
        },
        rng);
    // (m.a, m.b, m.c, x)
    Vec y = rng.vec(4, -1.5, 1.5);
    auto mk = [](const Vec &z) { Mixed m; m.a = z[0]; m.b = z[1]; m.c = z[2]; return m; };
    fd::check_grad("mixed", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{mixed(mk(z), z[3])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{mixed_jvp(mk(z), z[3], mk(zd), zd[3], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Mixed mb = mk(*zb);
          double v = mixed_grad(mk(z), z[3], &mb, &(*zb)[3], yb[0]);
          (*zb)[0] = mb.a; (*zb)[1] = mb.b; (*zb)[2] = mb.c;
          return Vec{v};
        },
        rng);
    // (self.scale, self.w, self.h, k); sides stays 4
    Vec r = rng.vec(4, -1.5, 1.5);
    auto rect = [](const Vec &z) { Rect q(1, z[1], z[2]); q.scale = z[0]; return q; };
    fd::check_grad("Rect::area", fd::at(r), r, r.size(),
        [&](const Vec &z) { return Vec{rect(z).area(z[3])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{Rect_area_jvp(rect(z), z[3], rect(zd), zd[3], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rect qb = rect(*zb);
          double v = Rect_area_grad(rect(z), z[3], &qb, &(*zb)[3], yb[0]);
          (*zb)[0] = qb.scale; (*zb)[1] = qb.w; (*zb)[2] = qb.h;
          return Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
