// Struct parameters (SPEC §5): by const reference, by pointer and by value,
// nested, with an array member and a passive int member. Each is lowered to
// its members (one IR parameter each), and f_grad / f_jvp keep the user's
// signature with shadows of the parameters' own types.
// RUN: adgen %s -o %t.cpp --header %t.h
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Vec3 {
  double x, y, z;
};
struct Body {
  Vec3 pos;
  double w[3];
  int id;
  double mass;
};

#pragma adgen jvp grad
double energy(const Body &b, double k) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += b.w[i] * b.w[i] * b.pos.y;
  return k * b.mass * (b.pos.x * b.pos.x + std::sin(b.pos.y) * b.pos.z) + s;
}

static double dot(const Vec3 &a, const Vec3 &c) {
  return a.x * c.x + a.y * c.y + a.z * c.z;
}

#pragma adgen jvp grad
double callee(const Vec3 *p, Vec3 q) {
  Vec3 r = q;
  r.x = p->y * r.z;
  Vec3 t{r.y, 2.0, std::exp(p->x)};
  return dot(*p, r) * dot(t, q);
}

// CHECK: struct Body {
// CHECK: ADGEN_HD inline double adgen_flat_energy_grad(
// CHECK-LABEL: ADGEN_HD double energy_grad(const Body &b, double k, Body *b_bar,
// CHECK-SAME: double *k_bar,
// CHECK-NEXT: double energy_bar = 1.0) {
// CHECK-NEXT: return adgen_flat_energy_grad(b.pos.x, b.pos.y, b.pos.z, b.w, b.id, b.mass, k,
// CHECK-NEXT: &b_bar->pos.x, &b_bar->pos.y, &b_bar->pos.z,
// CHECK-NEXT: b_bar->w, &b_bar->mass, k_bar, energy_bar);
// CHECK-LABEL: ADGEN_HD double energy_jvp(const Body &b, double k, const Body &b_dot,
// CHECK-LABEL: ADGEN_HD double callee_grad(const Vec3 *p, Vec3 q, Vec3 *p_bar, Vec3 *q_bar,
// CHECK-LABEL: ADGEN_HD double callee_jvp(const Vec3 *p, Vec3 q, const Vec3 *p_dot,
// CHECK-NEXT: const Vec3 &q_dot
// HDR: struct Vec3 {
// HDR: ADGEN_HD double energy_grad(const Body &b, double k, Body *b_bar,
// HDR-NOT: adgen_flat

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double energy_jvp(const Body &b, double k, const Body &b_dot, double k_dot,
                  double *energy_dot);
double energy_grad(const Body &b, double k, Body *b_bar, double *k_bar,
                   double energy_bar = 1.0);
double callee_jvp(const Vec3 *p, Vec3 q, const Vec3 *p_dot, const Vec3 &q_dot,
                  double *callee_dot);
double callee_grad(const Vec3 *p, Vec3 q, Vec3 *p_bar, Vec3 *q_bar,
                   double callee_bar = 1.0);

// x = (pos.x, pos.y, pos.z, w[0..2], mass, k); id is passive.
static Body bodyOf(const fd::Vec &x) {
  return Body{{x[0], x[1], x[2]}, {x[3], x[4], x[5]}, 7, x[6]};
}
static fd::Vec flat(const Body &b, double k) {
  return {b.pos.x, b.pos.y, b.pos.z, b.w[0], b.w[1], b.w[2], b.mass, k};
}

int main() {
  fd::Rng rng(11);
  for (int t = 0; t < 20; ++t) {
    fd::Vec x = rng.vec(8, -1.5, 1.5);
    fd::check_grad("energy", fd::at(x), x, x.size(),
        [](const fd::Vec &z) { return fd::Vec{energy(bodyOf(z), z[7])}; },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          Body bd = bodyOf(zd);
          bd.id = -99; // a passive member's shadow is ignored
          return fd::Vec{energy_jvp(bodyOf(z), z[7], bd, zd[7], &(*yd)[0])};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Body bb = bodyOf(*zb);
          bb.id = 41;
          double kb = (*zb)[7];
          double v = energy_grad(bodyOf(z), z[7], &bb, &kb, yb[0]);
          if (bb.id != 41)
            ++fd::failures();
          *zb = flat(bb, kb);
          return fd::Vec{v};
        },
        rng);
    fd::Vec y = rng.vec(6, -1.5, 1.5);
    auto p = [](const fd::Vec &z) { return Vec3{z[0], z[1], z[2]}; };
    auto q = [](const fd::Vec &z) { return Vec3{z[3], z[4], z[5]}; };
    fd::check_grad("callee", fd::at(y), y, y.size(),
        [&](const fd::Vec &z) {
          Vec3 a = p(z);
          return fd::Vec{callee(&a, q(z))};
        },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          Vec3 a = p(z), ad = p(zd);
          return fd::Vec{callee_jvp(&a, q(z), &ad, q(zd), &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Vec3 a = p(z), ab = p(*zb), qb = q(*zb);
          double v = callee_grad(&a, q(z), &ab, &qb, yb[0]);
          *zb = {ab.x, ab.y, ab.z, qb.x, qb.y, qb.z};
          return fd::Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
