// Constructors of the user's structs (SPEC §5): `S s(a, b);` with member
// initializers, a constructor body, a delegating constructor and default
// arguments; default member initializers (`double w = 3;`) with an implicit
// and with a user-provided default constructor; temporaries `Vec3(x, y, z)`
// passed on, returned by a helper and by an operator; and differentiated
// functions that return a struct (`Vec3`, std::pair, a class template), whose
// f_jvp returns it with its tangent in *f_dot and whose f_grad takes the
// seed S f_bar. Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <utility>

struct Vec3 {
  double x, y, z;
  Vec3(double a = 0, double b = 0, double c = 0) : x(a), y(b), z(c) {}
  Vec3 operator*(double s) const { return Vec3(x * s, y * s, z * s); }
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

struct Spring {
  double k, rest;
  int id = 7;                // passive, default member initializer
  double damping = 0.25;     // default member initializer, not in the list
  Spring(double k_, double len) : k(k_ * k_), rest(len) {
    if (rest < 0)
      rest = -rest;
    damping *= k;
  }
  explicit Spring(double k_) : Spring(k_, 1.5) {} // delegating
  double energy(double x) const {
    double d = x - rest;
    return 0.5 * k * d * d + damping * x + id;
  }
};

struct Defaults {
  double a = 2.0;
  double b = a * 3.0; // reads an earlier member
  double w[3] = {1.0, -1.0, 0.5};
};

struct Counter {
  double v;
  Counter() : v(5.0) {}
};

template <typename T, int N> struct Tensor {
  T data[N];
};

static Vec3 scaled(const Vec3 &v, double s) { return v * s; }

// CHECK-LABEL: double springs_grad(
#pragma adgen jvp grad
double springs(double k, double len, double x) {
  Spring s(k, len);
  Spring t(k * len);
  Spring u{len, k};
  return s.energy(x) + t.energy(x * x) + u.energy(k);
}

#pragma adgen jvp grad
double defaults(double x) {
  Defaults d;
  Counter c;
  d.b *= x;
  return d.a * x + d.b + d.w[0] * x * x + d.w[2] + c.v * x;
}

#pragma adgen jvp grad
double temporaries(double x, double y, double z) {
  Vec3 v(x, y, z);
  Vec3 w = scaled(v, y) + Vec3(z, x, 1.0);
  return w.dot(v) + (Vec3(y, y, x) * z).dot(Vec3(1.0, x, 2.0));
}

// CHECK-LABEL: Vec3 normalize_grad(double x, double y, double z, double *x_bar,
// CHECK: Vec3 normalize_bar) {
// CHECK-NEXT: Vec3 result{};
// CHECK-LABEL: Vec3 normalize_jvp(double x, double y, double z, double x_dot,
// CHECK: Vec3 *normalize_dot) {
// CHECK-NEXT: Vec3 result{};
// CHECK-NEXT: *normalize_dot = Vec3{};
#pragma adgen jvp grad
Vec3 normalize(double x, double y, double z) {
  Vec3 v(x, y, z);
  double n = std::sqrt(v.dot(v));
  return v * (1.0 / n);
}

#pragma adgen jvp grad
std::pair<double, double> polar(double x, double y) {
  std::pair<double, double> p{std::hypot(x, y), 0.0};
  p.second = std::atan2(y, x);
  return p;
}

#pragma adgen jvp grad
Tensor<double, 4> powers(double a, double b) {
  Tensor<double, 4> t{};
  for (int k = 0; k < 4; ++k)
    t.data[k] = std::pow(a, k + 1) * b;
  return t;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;
using V3 = ::Vec3;

int main() {
  fd::Rng rng(31);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(3, 0.3, 1.6);
    fd::check_grad("springs", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{springs(z[0], z[1], z[2])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{springs_jvp(z[0], z[1], z[2], zd[0], zd[1], zd[2], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{springs_grad(z[0], z[1], z[2], &(*zb)[0], &(*zb)[1],
                                  &(*zb)[2], yb[0])};
        },
        rng);
    Vec x1 = rng.vec(1, -2, 2);
    fd::check_grad("defaults", fd::at(x1), x1, x1.size(),
        [&](const Vec &z) { return Vec{defaults(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{defaults_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{defaults_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    Vec x3 = rng.vec(3, -1.5, 1.5);
    fd::check_grad("temporaries", fd::at(x3), x3, x3.size(),
        [&](const Vec &z) { return Vec{temporaries(z[0], z[1], z[2])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{temporaries_jvp(z[0], z[1], z[2], zd[0], zd[1], zd[2],
                                     &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{temporaries_grad(z[0], z[1], z[2], &(*zb)[0], &(*zb)[1],
                                      &(*zb)[2], yb[0])};
        },
        rng);
    auto v3 = [](const V3 &v) { return Vec{v.x, v.y, v.z}; };
    fd::check_grad("normalize", fd::at(x3), x3, x3.size(),
        [&](const Vec &z) { return v3(normalize(z[0], z[1], z[2])); },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          V3 d;
          Vec y = v3(normalize_jvp(z[0], z[1], z[2], zd[0], zd[1], zd[2], &d));
          *yd = v3(d);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return v3(normalize_grad(z[0], z[1], z[2], &(*zb)[0], &(*zb)[1],
                                   &(*zb)[2], V3(yb[0], yb[1], yb[2])));
        },
        rng);
    using P = std::pair<double, double>;
    auto p2 = [](const P &p) { return Vec{p.first, p.second}; };
    Vec x2 = rng.vec(2, 0.2, 1.5);
    fd::check_grad("polar", fd::at(x2), x2, x2.size(),
        [&](const Vec &z) { return p2(polar(z[0], z[1])); },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          P d{9.0, 9.0}; // overwritten
          Vec y = p2(polar_jvp(z[0], z[1], zd[0], zd[1], &d));
          *yd = p2(d);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return p2(polar_grad(z[0], z[1], &(*zb)[0], &(*zb)[1],
                               P{yb[0], yb[1]}));
        },
        rng);
    using T4 = Tensor<double, 4>;
    auto t4 = [](const T4 &t) { return Vec(t.data, t.data + 4); };
    fd::check_grad("powers", fd::at(x2), x2, x2.size(),
        [&](const Vec &z) { return t4(powers(z[0], z[1])); },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          T4 d;
          Vec y = t4(powers_jvp(z[0], z[1], zd[0], zd[1], &d));
          *yd = t4(d);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          T4 s{{yb[0], yb[1], yb[2], yb[3]}};
          return t4(powers_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], s));
        },
        rng);
  }
  return fd::finish();
}
#endif
