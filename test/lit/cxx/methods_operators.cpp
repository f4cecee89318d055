// Methods and operators of user types (SPEC §5): a const method and a
// non-const one called on a local, `operator+` and a function returning a
// struct (written through a `result` parameter of the flat callee), a local
// passed to a `double &` parameter, and a directive on a method
// (`Spring_energy_grad(const Spring &self, ...)`).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Vec3 {
  double x, y, z;
  double norm2() const { return x * x + y * y + z * z; }
  void scale(double s) {
    x *= s;
    y *= s;
    z *= s;
  }
};

static Vec3 operator+(const Vec3 &a, const Vec3 &b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}

static Vec3 cross(const Vec3 &a, const Vec3 &b) {
  Vec3 r;
  r.x = a.y * b.z - a.z * b.y;
  r.y = a.z * b.x - a.x * b.z;
  r.z = a.x * b.y - a.y * b.x;
  return r;
}

static void sq(double x, double &out) { out = x * x; }

#pragma adgen jvp grad
double f(const Vec3 &a, const Vec3 &b, double t) {
  Vec3 c = a + cross(a, b);
  Vec3 d = c;
  d.scale(t);
  double r = 0;
  sq(d.y, r);
  return std::sqrt(d.norm2()) + r + (a + b).z;
}

struct Spring {
  double k, rest;
  int id;
#pragma adgen jvp grad
  double energy(double x) const {
    double d = x - rest;
    return 0.5 * k * d * d * std::exp(-0.1 * x);
  }
};

// CHECK-LABEL: ADGEN_HD double f_grad(const Vec3 &a, const Vec3 &b, double t, Vec3 *a_bar,
// CHECK-LABEL: ADGEN_HD inline void adgen_operator_plus_jvp_
// CHECK-LABEL: ADGEN_HD double Spring_energy_grad(const Spring &self, double x,
// CHECK-NEXT: Spring *self_bar, double *x_bar,
// CHECK-LABEL: ADGEN_HD double Spring_energy_jvp(const Spring &self, double x,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const Vec3 &a, const Vec3 &b, double t, const Vec3 &a_dot,
             const Vec3 &b_dot, double t_dot, double *f_dot);
double f_grad(const Vec3 &a, const Vec3 &b, double t, Vec3 *a_bar,
              Vec3 *b_bar, double *t_bar, double f_bar = 1.0);
double Spring_energy_jvp(const Spring &self, double x, const Spring &self_dot,
                         double x_dot, double *Spring_energy_dot);
double Spring_energy_grad(const Spring &self, double x, Spring *self_bar,
                          double *x_bar, double Spring_energy_bar = 1.0);

int main() {
  fd::Rng rng(3);
  auto v = [](const fd::Vec &z, int k) { return Vec3{z[k], z[k + 1], z[k + 2]}; };
  for (int n = 0; n < 20; ++n) {
    fd::Vec x = rng.vec(7, -1.5, 1.5);
    fd::check_grad("f", fd::at(x), x, x.size(),
        [&](const fd::Vec &z) { return fd::Vec{f(v(z, 0), v(z, 3), z[6])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{f_jvp(v(z, 0), v(z, 3), z[6], v(zd, 0), v(zd, 3),
                               zd[6], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Vec3 ab = v(*zb, 0), bb = v(*zb, 3);
          double tb = (*zb)[6];
          double y = f_grad(v(z, 0), v(z, 3), z[6], &ab, &bb, &tb, yb[0]);
          *zb = {ab.x, ab.y, ab.z, bb.x, bb.y, bb.z, tb};
          return fd::Vec{y};
        },
        rng);
    fd::Vec s = rng.vec(3, 0.5, 2.0);
    fd::check_grad("Spring::energy", fd::at(s), s, s.size(),
        [](const fd::Vec &z) {
          Spring sp{z[0], z[1], 4};
          return fd::Vec{sp.energy(z[2])};
        },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{Spring_energy_jvp(Spring{z[0], z[1], 4}, z[2],
                                           Spring{zd[0], zd[1], -1}, zd[2],
                                           &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Spring sb{(*zb)[0], (*zb)[1], 9};
          double xb = (*zb)[2];
          double y = Spring_energy_grad(Spring{z[0], z[1], 4}, z[2], &sb, &xb,
                                        yb[0]);
          if (sb.id != 9)
            ++fd::failures();
          *zb = {sb.k, sb.rest, xb};
          return fd::Vec{y};
        },
        rng);
  }
  return fd::finish();
}
#endif
