// Templates over struct types, user explicit specializations as callees,
// template callees of a plain function at two types, and a template whose
// instantiations' derivatives differ (mixed<int>: `a` passive) and so are
// plain overloads (SPEC §5; README "Function templates").
// RUN: adgen %s -o %t.cpp --header %t.h
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_HEADER='"%t.h"' %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Vec3 {
  double x, y, z;
};
struct Vec2 {
  double x, y;
};

template <class V> double norm2(const V &v);
template <> double norm2<Vec3>(const Vec3 &v) {
  return v.x * v.x + v.y * std::sin(v.y) + v.z * v.x;
}
template <> double norm2<Vec2>(const Vec2 &v) { return v.x * v.y + v.y * v.y; }

template <class T> T cube(T x) { return x * x * std::cos(x); }

#pragma adgen jvp grad
template <class V> double energy(const V &v, double k) {
  return k * norm2(v) + cube(k);
}

#pragma adgen jvp grad
template <class T> double mixed(T a, double b) { return a * b + std::sin(a * b); }

#pragma adgen jvp grad
double plain(double x, float y) { return cube(x) + double(cube(y)) * x; }

void use() {
  Vec3 a{};
  Vec2 b{};
  energy(a, 1.0);
  energy(b, 2.0);
  mixed(1, 2.0);
  mixed(1.0, 2.0);
}

// CHECK: template <class V>
// CHECK-NEXT: ADGEN_HD double energy_grad(const V &v, double k, V *v_bar, double *k_bar,
// CHECK-NEXT: double energy_bar = 1.0);
// CHECK: ADGEN_HD double energy_grad<Vec3>(const Vec3 &v, double k, Vec3 *v_bar,
// CHECK: adgen_norm2_Vec3_jvp_
// CHECK: ADGEN_HD double energy_grad<Vec2>(const Vec2 &v, double k, Vec2 *v_bar,
// CHECK: adgen_norm2_Vec2_jvp_
// CHECK: ADGEN_HD double energy_jvp<Vec2>(
// CHECK-NOT: template <
// CHECK: ADGEN_HD double mixed_grad(int a, double b, double *b_bar,
// CHECK: ADGEN_HD double mixed_grad(double a, double b, double *a_bar, double *b_bar,
// CHECK: ADGEN_HD double plain_grad(double x, float y, double *x_bar, float *y_bar,
// CHECK-DAG: adgen_cube_double_jvp_1(
// CHECK-DAG: adgen_cube_float_jvp_1(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_HEADER

int main() {
  fd::Rng rng(3);
  fd::GradTol loose;
  loose.fd_step = 1e-3, loose.fd_rtol = 2e-3, loose.fd_atol = 2e-3;
  loose.dot_rtol = 1e-5, loose.acc_rtol = 1e-5;
  for (int t = 0; t < 20; ++t) {
    fd::Vec x = rng.vec(4, -1.2, 1.2);
    auto v3 = [](const fd::Vec &z) { return Vec3{z[0], z[1], z[2]}; };
    fd::check_grad("energy<Vec3>", fd::at(x), x, 4,
        [&](const fd::Vec &z) { return fd::Vec{energy(v3(z), z[3])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{energy_jvp(v3(z), z[3], v3(zd), zd[3], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Vec3 b = v3(*zb);
          double kb = (*zb)[3];
          double v = energy_grad(v3(z), z[3], &b, &kb, yb[0]);
          *zb = {b.x, b.y, b.z, kb};
          return fd::Vec{v};
        },
        rng);
    fd::Vec y = rng.vec(3, -1.2, 1.2);
    fd::check_grad("energy<Vec2>", fd::at(y), y, 3,
        [&](const fd::Vec &z) { return fd::Vec{energy(Vec2{z[0], z[1]}, z[2])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{energy_jvp(Vec2{z[0], z[1]}, z[2], Vec2{zd[0], zd[1]},
                                    zd[2], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          Vec2 b{(*zb)[0], (*zb)[1]};
          double kb = (*zb)[2];
          double v = energy_grad<Vec2>(Vec2{z[0], z[1]}, z[2], &b, &kb, yb[0]);
          *zb = {b.x, b.y, kb};
          return fd::Vec{v};
        },
        rng);
    fd::Vec m = rng.vec(2, -1.2, 1.2);
    fd::check_grad("mixed<double>", fd::at(m), m, 2,
        [&](const fd::Vec &z) { return fd::Vec{mixed(z[0], z[1])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{mixed_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{mixed_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    int a = 1 + t % 3;
    fd::Vec b1{m[1]};
    fd::check_grad("mixed<int>", fd::at(b1), b1, 1,
        [&](const fd::Vec &z) { return fd::Vec{mixed(a, z[0])}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{mixed_jvp(a, z[0], zd[0], &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          return fd::Vec{mixed_grad(a, z[0], &(*zb)[0], yb[0])};
        },
        rng);
    fd::check_grad("plain", fd::at(m), m, 2,
        [&](const fd::Vec &z) { return fd::Vec{plain(z[0], float(z[1]))}; },
        [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          return fd::Vec{plain_jvp(z[0], float(z[1]), zd[0], float(zd[1]), &(*yd)[0])};
        },
        [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          double xb = (*zb)[0];
          float yb2 = float((*zb)[1]);
          double v = plain_grad(z[0], float(z[1]), &xb, &yb2, yb[0]);
          *zb = {xb, double(yb2)};
          return fd::Vec{v};
        },
        rng, loose);
  }
  return fd::finish();
}
#endif
