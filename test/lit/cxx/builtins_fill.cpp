// `__builtin_` spellings of math functions (__builtin_sin, __builtin_powf),
// the constants INFINITY, -INFINITY, HUGE_VAL and NAN (which expand to
// __builtin_inff(), __builtin_huge_val(), __builtin_nanf("")), emitted in
// a form that compiles; std::fill over a pointer range, std::fill_n,
// std::fill over a std::array's begin() (+ k) to end() (- k), and
// std::array::fill with an active value: loops of stores. Against central
// differences and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <algorithm>
#include <array>
#include <cmath>

// CHECK-LABEL: double trig_jvp(
// CHECK: std::sin(
// CHECK: std::cos(
#pragma adgen jvp grad
double trig(double x, double y) {
  return 3 * __builtin_sin(2 * x + y) + y * __builtin_cos(x * y) +
         __builtin_exp(0.1 * x);
}

// CHECK-LABEL: float powf_b_jvp(
// CHECK: std::pow(
#pragma adgen jvp grad
float powf_b(float x, float y) { return __builtin_powf(x, y) + x; }

// CHECK-LABEL: double largest_grad(
// CHECK: -HUGE_VAL
#pragma adgen jvp grad
double largest(const double *v, int n) {
  double best = -INFINITY;
  for (int i = 0; i < n; ++i)
    if (v[i] > best)
      best = v[i];
  return best;
}

// CHECK-LABEL: double nearest_grad(
// CHECK: HUGE_VAL
#pragma adgen jvp grad
double nearest(const double *v, int n, double c) {
  double closest = HUGE_VAL;
  double at = NAN;
  for (int i = 0; i < n; ++i) {
    double d = (v[i] - c) * (v[i] - c);
    if (d < closest) {
      closest = d;
      at = v[i];
    }
  }
  return std::isnan(at) ? 0.0 : closest + at;
}

#pragma adgen jvp grad
float smallest_f(const float *v, int n) {
  float best = INFINITY;
  for (int i = 0; i < n; ++i)
    best = std::min(best, v[i] * v[i]);
  return best;
}

// CHECK-LABEL: double filled_grad(
// CHECK: fill_i
#pragma adgen jvp grad
double filled(const double *x, double *out, int n) {
  std::fill(out, out + n, 0.0);
  std::fill_n(out + 1, n - 2, x[0] * x[1]);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    out[i] += x[i] * x[i];
    s += out[i] * x[0];
  }
  return s;
}

#pragma adgen jvp grad
double array_fill(double x, double y) {
  std::array<double, 4> a;
  a.fill(x * y);
  a[1] *= x;
  std::array<double, 3> b;
  std::fill(b.begin(), b.end(), y + x + x);
  std::fill(b.begin() + 1, b.end() - 1, x * x); // b[1] only
  return a[0] * a[1] + a[3] * b[2] + b[0] + b[1] * y;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 12; ++t) {
    Vec w = rng.vec(2, -1.2, 1.2);
    fd::check_grad("trig", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{trig(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{trig_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{trig_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    fd::check_grad("array_fill", fd::at(w), w, w.size(),
        [&](const Vec &z) { return Vec{array_fill(z[0], z[1])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{array_fill_jvp(z[0], z[1], zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{array_fill_grad(z[0], z[1], &(*zb)[0], &(*zb)[1], yb[0])};
        },
        rng);
    const int n = 5;
    Vec v = rng.vec(n, -2, 2);
    fd::check_grad("largest", fd::at(v), v, v.size(),
        [&](const Vec &z) { return Vec{largest(z.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{largest_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{largest_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
    Vec vc = rng.vec(n + 1, -2, 2);
    fd::check_grad("nearest", fd::at(vc), vc, vc.size(),
        [&](const Vec &z) { return Vec{nearest(z.data(), n, z[n])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{nearest_jvp(z.data(), n, z[n], zd.data(), zd[n],
                                 &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{nearest_grad(z.data(), n, z[n], zb->data(), &(*zb)[n],
                                  yb[0])};
        },
        rng);
    fd::check_equal("largest of none", "n = 0", largest(v.data(), 0),
                    -HUGE_VAL);
    fd::check_equal("largest_grad of none", "n = 0",
                    largest_grad(v.data(), 0, Vec(n, 0.0).data()), -HUGE_VAL);
    // filled: x is x[0..n), out is written (its adjoint is in/out).
    Vec xo = rng.vec(2 * n, -1.5, 1.5);
    fd::check_grad("filled", fd::at(xo), xo, n,
        [&](const Vec &z) {
          Vec out(z.begin() + n, z.end());
          double s = filled(z.data(), out.data(), n);
          Vec y{s};
          y.insert(y.end(), out.begin(), out.end());
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec out(z.begin() + n, z.end()), outd(zd.begin() + n, zd.end());
          double s = filled_jvp(z.data(), out.data(), n, zd.data(),
                                outd.data(), &(*yd)[0]);
          std::copy(outd.begin(), outd.end(), yd->begin() + 1);
          Vec y{s};
          y.insert(y.end(), out.begin(), out.end());
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec out(z.begin() + n, z.end());
          Vec outb(yb.begin() + 1, yb.end());
          double s = filled_grad(z.data(), out.data(), n, zb->data(),
                                 outb.data(), yb[0]);
          std::copy(outb.begin(), outb.end(), zb->begin() + n);
          Vec y{s};
          y.insert(y.end(), out.begin(), out.end());
          return y;
        },
        rng);
    // float
    float xf = float(w[0]) + 2.0f, yf = float(w[1]), xb = 0, yb = 0, d = 0;
    powf_b_grad(xf, yf, &xb, &yb);
    powf_b_jvp(xf, yf, 1.0f, 0.0f, &d);
    double want = fd::central_f([&](float s) { return powf_b(s, yf); }, xf);
    fd::check_close("powf_b grad x", fd::at({xf, yf}), xb, want, 2e-3, 2e-3);
    fd::check_close("powf_b jvp x", fd::at({xf, yf}), d, want, 2e-3, 2e-3);
    want = fd::central_f([&](float s) { return powf_b(xf, s); }, yf);
    fd::check_close("powf_b grad y", fd::at({xf, yf}), yb, want, 2e-3, 2e-3);
    float vf[3] = {float(v[0]), float(v[1]) + 5.0f, float(v[2]) - 5.0f};
    float vb[3] = {0, 0, 0};
    smallest_f_grad(vf, 3, vb);
    float sd = 0, vd[3] = {1, 0, 0};
    smallest_f_jvp(vf, 3, vd, &sd);
    want = fd::central_f(
        [&](float s) { float u[3] = {s, vf[1], vf[2]}; return smallest_f(u, 3); },
        vf[0]);
    fd::check_close("smallest_f grad", fd::at({vf[0]}), vb[0], want, 2e-3, 2e-3);
    fd::check_close("smallest_f jvp", fd::at({vf[0]}), sd, want, 2e-3, 2e-3);
  }
  return fd::finish();
}
#endif
