// Two silent wrong results the random-program generator found (NOTES,
// "Fuzz: known adgen gaps"): a local array's brace list whose element binds
// a temporary to a `const double &` was dropped (the array stayed zero),
// and with a list `jvp(x0) grad(x0)`, the members of a written `S &g` that
// are only read got no derivative although g's shadow is in the signature.
// And refusals it found of ordinary C++, now taken: a by-value struct
// assigned whole or given to a writing method, array elements and local
// struct members passed to `double &`, a member as a `?:` glvalue or bound
// to `const double &`. Against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe

#include <cmath>

struct S {
  double a, b;
  int n;
};

struct T {
  double a, b;
  double v[2];
  int n;
  void bump(double x) { a += x * b; }
};

static double hh(double &r, double x) {
  r *= x;
  return r;
}

static double h(const double &c, double x) { return c * x; }

// CHECK-LABEL: double f2_jvp(
// CHECK: t[0] = x;
#pragma adgen jvp grad
double f2(double x) {
  double t[2] = {x, h(x * 2.0, 1.5)};
  return t[0] * t[1] + t[1];
}

// CHECK-LABEL: double adgen_flat_f_jvp(
// CHECK: g_a_dot
#pragma adgen jvp(x0) grad(x0)
double f(double x0, S &g) {
  double r = g.a * x0;
  g.b += g.a * 2.0;
  return r;
}

#pragma adgen jvp grad
double g1(T g0, const T &other) {
  double before = g0.a * g0.v[0];
  g0 = other;
  return before + g0.a * g0.v[1];
}

#pragma adgen jvp grad
double g2(T g0, double x) {
  g0.bump(x);
  g0.bump(g0.a);
  return g0.a * g0.b;
}

#pragma adgen jvp grad
double g3(double x) {
  double t[2] = {x, 2 * x};
  T u{x, x * x, {x, x}, 1};
  return hh(t[1], x) + hh(u.b, x) * t[1] + u.b;
}

#pragma adgen jvp grad
double g4(T g0, double x) { return (x < 0.5 ? x : g0.b) * g0.a; }

#pragma adgen jvp grad
double g5(const T &g0, double x) { return h(g0.a, x) + h(g0.v[1], g0.b); }

// fmin(a, NaN) is a (C drops the NaN): the gradient goes to a (the
// corpus run found a_bar = 0 at b < 0).
#pragma adgen grad
double fm(double a, double b) { return std::fmin(a, std::sqrt(b)) + std::fmax(std::sqrt(b), a); }

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(3);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(1, -1.5, 1.5);
    fd::check_grad("f2", fd::at(x), x, 1,
        [&](const Vec &z) { return Vec{f2(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{f2_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{f2_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    // z = (x0, g.a, g.b); y = (f, g.b after); g is in/out.
    Vec w = rng.vec(3, -1.5, 1.5);
    fd::check_grad("f", fd::at(w), w, 1,
        [&](const Vec &z) {
          S g{z[1], z[2], 4};
          double r = f(z[0], g);
          return Vec{r, g.a, g.b};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          S g{z[1], z[2], 4}, gd{zd[1], zd[2], 9};
          double rd = 0;
          double r = f_jvp(z[0], g, zd[0], gd, &rd);
          fd::check_equal("f_jvp g_dot.n", "", gd.n, 9);
          *yd = {rd, gd.a, gd.b};
          return Vec{r, g.a, g.b};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          S g{z[1], z[2], 4}, gb{yb[1], yb[2], 9};
          double x0b = (*zb)[0];
          double r = f_grad(z[0], g, &x0b, gb, yb[0]);
          *zb = {x0b, gb.a, gb.b};
          return Vec{r, g.a, g.b};
        },
        rng);
  }
  // T as (a, b, v0, v1) from z at `at`; n passive.
  auto toT = [](const Vec &z, std::size_t at) {
    return T{z[at], z[at + 1], {z[at + 2], z[at + 3]}, 3};
  };
  auto fromT = [](const T &q, Vec &z, std::size_t at) {
    z[at] = q.a, z[at + 1] = q.b, z[at + 2] = q.v[0], z[at + 3] = q.v[1];
  };
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(8, -1.2, 1.2);
    fd::check_grad("g1", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{g1(toT(z, 0), toT(z, 4))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{g1_jvp(toT(z, 0), toT(z, 4), toT(zd, 0), toT(zd, 4),
                            &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          T b0 = toT(*zb, 0), b1 = toT(*zb, 4);
          double v = g1_grad(toT(z, 0), toT(z, 4), &b0, &b1, yb[0]);
          fromT(b0, *zb, 0), fromT(b1, *zb, 4);
          return Vec{v};
        },
        rng);
    Vec y(x.begin(), x.begin() + 5);
    for (int which = 2; which <= 4; which += 2) {
      auto f = which == 2 ? g2 : g4;
      auto fj = which == 2 ? g2_jvp : g4_jvp;
      auto fg = which == 2 ? g2_grad : g4_grad;
      fd::check_grad(which == 2 ? "g2" : "g4", fd::at(y), y, y.size(),
          [&](const Vec &z) { return Vec{f(toT(z, 0), z[4])}; },
          [&](const Vec &z, const Vec &zd, Vec *yd) {
            return Vec{fj(toT(z, 0), z[4], toT(zd, 0), zd[4], &(*yd)[0])};
          },
          [&](const Vec &z, const Vec &yb, Vec *zb) {
            T b0 = toT(*zb, 0);
            double v = fg(toT(z, 0), z[4], &b0, &(*zb)[4], yb[0]);
            fromT(b0, *zb, 0);
            return Vec{v};
          },
          rng);
    }
    fd::check_grad("g5", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{g5(toT(z, 0), z[4])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{g5_jvp(toT(z, 0), z[4], toT(zd, 0), zd[4], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          T b0 = toT(*zb, 0);
          double v = g5_grad(toT(z, 0), z[4], &b0, &(*zb)[4], yb[0]);
          fromT(b0, *zb, 0);
          return Vec{v};
        },
        rng);
    Vec u(x.begin(), x.begin() + 1);
    fd::check_grad("g3", fd::at(u), u, 1,
        [&](const Vec &z) { return Vec{g3(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{g3_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{g3_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
  }
  for (double a : {-0.5, 0.5, 2.0}) {
    double ab = 0, bb = 0;
    double v = fm_grad(a, -1.0, &ab, &bb);
    fd::check_equal("fmin/fmax value with a NaN side", fd::at({a, -1.0}), v,
                    2 * a);
    fd::check_equal("fmin/fmax d/da with a NaN side", fd::at({a, -1.0}), ab,
                    2.0);
  }
  return fd::finish();
}
#endif
