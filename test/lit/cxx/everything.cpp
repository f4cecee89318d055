// One differentiated function using the constructs of SPEC §5 together:
// structs by reference with nested and array members, a method, an operator
// returning a struct, a function template, references, switch with
// fall-through, a declaration in a condition, range-for, a lambda, the
// extended math list (lgamma, fma, erfc, exp2), a kept call on passive
// arguments, long double and narrow integers. The generated code compiles
// warning-free with g++, clang++ and nvcc, and f_grad / f_jvp match central
// differences.
// REQUIRES: nvcc
// RUN: adgen %s -o %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: clang++-22 -std=c++17 -Wall -Wextra -Werror -I%runtime_include -c %t.cpp -o %t.clang.o
// (nvcc warns that device code computes long double as double: 20208.)
// RUN: %nvcc -x cu -Werror all-warnings -diag-suppress 20208 -c %t.cpp -o %t.cu.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Vec2 {
  double x, y;
  double dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};
struct Particle {
  Vec2 pos;
  double w[3];
  short tag;
};

static Vec2 operator*(double s, const Vec2 &v) { return {s * v.x, s * v.y}; }

template <class T> static T cube(T v) { return v * v * v; }

static void accumulate(double v, double &sum) { sum += v; }

#pragma adgen jvp grad
double f(const Particle &p, double t, int mode) {
  Vec2 q = t * p.pos;
  double s = 0;
  for (double wi : p.w)
    s += wi * wi;
  switch (mode) {
  case 0:
    s *= 2.0;
    [[fallthrough]];
  case 1:
    s += cube(q.x);
    break;
  default:
    s -= q.y;
  }
  if (double r = q.dot(p.pos))
    s += std::fma(r, t, 1.0);
  auto sq = [&](double v) { return v * v; };
  accumulate(sq(std::erfc(0.3 * q.y)), s);
  long double big = static_cast<long double>(s) * 1.5L;
  unsigned char k = static_cast<unsigned char>(p.tag % 3);
  return static_cast<double>(big) + std::exp2(0.1 * t) +
         std::lgamma(2.5 + k) * std::tanh(t) + std::lgamma(1.0 + t * t);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(const Particle &p, double t, int mode, const Particle &p_dot,
             double t_dot, double *f_dot);
double f_grad(const Particle &p, double t, int mode, Particle *p_bar,
              double *t_bar, double f_bar = 1.0);
int main() {
  fd::Rng rng(2);
  auto part = [](const fd::Vec &z) {
    return Particle{{z[0], z[1]}, {z[2], z[3], z[4]}, 7};
  };
  for (int mode = 0; mode < 3; ++mode)
    for (int n = 0; n < 10; ++n) {
      fd::Vec x = rng.vec(6, -1.2, 1.2);
      fd::check_grad("f mode " + std::to_string(mode), fd::at(x), x, x.size(),
          [&](const fd::Vec &z) { return fd::Vec{f(part(z), z[5], mode)}; },
          [&](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
            return fd::Vec{
                f_jvp(part(z), z[5], mode, part(zd), zd[5], &(*yd)[0])};
          },
          [&](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
            Particle pb = part(*zb);
            double tb = (*zb)[5];
            double y = f_grad(part(z), z[5], mode, &pb, &tb, yb[0]);
            *zb = {pb.pos.x, pb.pos.y, pb.w[0], pb.w[1], pb.w[2], tb};
            return fd::Vec{y};
          },
          rng);
    }
  return fd::finish();
}
#endif
