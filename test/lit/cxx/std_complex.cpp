// std::complex<double> (SPEC §5): an object of two parts the wrapper passes
// as c.real() and c.imag() (a shadow's by &reinterpret_cast<double (&)[2]>
// (c)[k], as the standard allows); c.real(), c.imag(), the setters
// c.real(v) and c.imag(v), std::real/imag/abs/norm/arg, locals, copies,
// assignment, a complex member of a struct, and a written `std::complex &`.
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <complex>

using cplx = std::complex<double>;

struct Wave {
  cplx amp;
  double k;
};

// CHECK: #include <complex>
// CHECK-LABEL: double shifted_grad(std::complex<double> c, double i,
// CHECK-NEXT: std::complex<double> *c_bar, double *i_bar,
// CHECK: &reinterpret_cast<double (&)[2]>(*c_bar)[0],
// CHECK-NEXT: &reinterpret_cast<double (&)[2]>(*c_bar)[1]
#pragma adgen jvp grad
double shifted(cplx c, double i) {
  c.real(5 * i * c.imag());
  double res = c.real() + 3 * c.imag() + 6 * i;
  res += 4 * std::real(c) * std::imag(c);
  return res;
}

#pragma adgen jvp grad
double polar(const std::complex<double> &c, const Wave &w) {
  double r = std::abs(c);
  cplx d = w.amp;
  return r * r + std::arg(c) * w.k + std::norm(d) * d.real();
}

#pragma adgen jvp grad
void rotate(std::complex<double> &z, double a) {
  std::complex<double> w(z.imag(), z.real() * a);
  cplx u;
  u = w;
  z = u;
  z.imag(std::norm(w) + std::sin(a));
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(17);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(3, -1.5, 1.5);
    fd::check_grad("shifted", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{shifted({z[0], z[1]}, z[2])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{shifted_jvp({z[0], z[1]}, z[2], {zd[0], zd[1]}, zd[2], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          cplx cb((*zb)[0], (*zb)[1]);
          double v = shifted_grad({z[0], z[1]}, z[2], &cb, &(*zb)[2], yb[0]);
          (*zb)[0] = cb.real();
          (*zb)[1] = cb.imag();
          return Vec{v};
        },
        rng);
    // (c.re, c.im, w.amp.re, w.amp.im, w.k)
    Vec y = rng.vec(5, 0.2, 1.5);
    auto wave = [](const Vec &z) { return Wave{{z[2], z[3]}, z[4]}; };
    fd::check_grad("polar", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{polar({z[0], z[1]}, wave(z))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{polar_jvp({z[0], z[1]}, wave(z), {zd[0], zd[1]}, wave(zd),
                               &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          cplx cb((*zb)[0], (*zb)[1]);
          Wave wb = wave(*zb);
          double v = polar_grad({z[0], z[1]}, wave(z), &cb, &wb, yb[0]);
          *zb = Vec{cb.real(), cb.imag(), wb.amp.real(), wb.amp.imag(), wb.k};
          return Vec{v};
        },
        rng);
    // x = (a, z.re, z.im): a accumulates, z is in/out (overwritten).
    Vec r = rng.vec(3, -1.5, 1.5);
    fd::check_grad("rotate", fd::at(r), r, 1,
        [&](const Vec &z) {
          cplx c(z[1], z[2]);
          rotate(c, z[0]);
          return Vec{c.real(), c.imag()};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          cplx c(z[1], z[2]), cd(zd[1], zd[2]);
          rotate_jvp(c, z[0], cd, zd[0]);
          *yd = Vec{cd.real(), cd.imag()};
          return Vec{c.real(), c.imag()};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          cplx c(z[1], z[2]), cb(yb[0], yb[1]);
          double ab = (*zb)[0];
          rotate_grad(c, z[0], cb, &ab);
          *zb = Vec{ab, cb.real(), cb.imag()};
          return Vec{c.real(), c.imag()};
        },
        rng);
  }
  return fd::finish();
}
#endif
