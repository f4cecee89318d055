// Pointer members that no code of the file reads (SPEC §5: structs with
// pointer members): a class whose constructors point `x_pointer(&x)` at its
// own members, and one whose pointer member keeps its default `nullptr`
// while its copy constructor is defaulted (Clad's NonDifferentiable and
// Misc tests). Only initialised, never read, such a member holds nothing
// the derivative depends on; it is dropped and so is its initializer
// (which has no effects). A member that is read stays refused
// (diagnostics/null_pointer_member.cpp). Against central differences and
// the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

class Pair {
public:
  Pair() noexcept : x(0), y(0), x_pointer(&x), y_pointer(&y) {}
  Pair(double p_x, double p_y) noexcept
      : x(p_x), y(p_y), x_pointer(&x), y_pointer(&y) {}
  double x;
  double y;
  double *x_pointer;
  double *y_pointer;
  double eval(double i, double j) const { return (x + y) * i + i * j * j; }
  Pair operator+(const Pair &other) const {
    return Pair(x + other.x, y * other.y);
  }
};

struct CopyOnly {
  double value = 0;
  double *storage = nullptr;
  CopyOnly() = default;
  explicit CopyOnly(double x) : value(x) {}
  CopyOnly(const CopyOnly &) = default;
  double read() const { return value; }
};

static CopyOnly make(double x) { return CopyOnly(std::sin(x) * x); }

// The pointers are not among the generated code's values.
// CHECK-LABEL: double method_grad(double i, double j, double *i_bar,
// CHECK-NOT: x_pointer
// CHECK: return
#pragma adgen jvp grad
double method(double i, double j) {
  Pair obj(2, 3);
  return obj.eval(i, j) + obj.x * obj.y * i * j;
}

#pragma adgen jvp grad
double added(double i, double j) {
  Pair a(2, 3), b(i, j);
  Pair c;
  c.x = i * 0.5;
  return (a + b).eval(i, j) + (c + a).eval(j, i);
}

#pragma adgen jvp grad
double copied(double x) {
  CopyOnly c = make(x);
  CopyOnly d(c);
  return c.read() * d.read() * x;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(31);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(2, -1.5, 1.5);
    fd::check_grad("method", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{method(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{method_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{method_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    fd::check_grad("added", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{added(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{added_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{added_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    Vec y{x[0]};
    fd::check_grad("copied", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{copied(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{copied_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{copied_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
