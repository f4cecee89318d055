// Adjacent backward loops over one range run as one loop (FuseLoops.h):
// ADBench GMM's subtract, diagonal and squared norm, each a loop over the
// dimension, reverse into three loops that each read back the element the
// one before has just written (z_bar[i], then xc_bar[i]); they become one
// loop touching each element once. Loops stay apart where the second
// touches an element the first touches in another iteration (a mirrored
// index p_bar[d - 1 - i] against p_bar[i]), where one writes a variable
// the other reads (the recurrence's s_bar), or where their trip counts
// differ. The gradients match central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(x, mu, q) grad(x, mu, q)
double whitened(const std::vector<double> &x, const std::vector<double> &mu,
                const std::vector<double> &q, int d) {
  std::vector<double> xc(d), z(d);
  for (int i = 0; i < d; ++i)
    xc[i] = x[i] - mu[i];
  for (int i = 0; i < d; ++i)
    z[i] = q[i] * xc[i];
  double s = 0;
  for (int i = 0; i < d; ++i)
    s += z[i] * z[i];
  return s;
}

#pragma adgen jvp(x) grad(x)
double mirror(const double *x, int d) {
  std::vector<double> p(d);
  for (int i = 0; i < d; ++i)
    p[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < d; ++i)
    s += p[d - 1 - i] * x[i];
  return s;
}

#pragma adgen jvp(x) grad(x)
double recurrence(const double *x, int d) {
  std::vector<double> p(d);
  for (int i = 0; i < d; ++i)
    p[i] = x[i] * x[i];
  double s = 1;
  for (int i = 0; i < d; ++i)
    s = s * p[i];
  return s;
}

#pragma adgen jvp(x) grad(x)
double shorter(const double *x, int d) {
  std::vector<double> p(d);
  for (int i = 0; i < d; ++i)
    p[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < d - 1; ++i)
    s += p[i] * x[i + 1];
  return s;
}

// The three loops, reversed, are one: the norm's, the diagonal's, the
// difference's, in that order, each element read back as just written.
// CHECK-LABEL: adgen_flat_whitened_grad(
// CHECK: // backward sweep of the loops at lines 27 and 24 and 22, last iteration first
// CHECK-NEXT: for (int [[K:k[_0-9]*]] = 0; [[K]] < [[N:v[0-9]+]]; ++[[K]]) {
// CHECK-NOT: for (
// CHECK: z_bar[[[I:v[0-9]+]]] += (
// CHECK-NOT: for (
// CHECK: // {{.*}}fuse_loops.cpp:25
// CHECK-NOT: for (
// CHECK: z_bar[[[I]]] = 0.0;
// CHECK-NOT: for (
// CHECK: // {{.*}}fuse_loops.cpp:23
// CHECK-NOT: for (
// CHECK: xc_bar[[[I]]] = 0.0;
// CHECK-NOT: for (
// CHECK: mu_bar[[[I]]] -=
// CHECK-NEXT: }
// CHECK-NOT: for (
// CHECK-LABEL: return
// CHECK-LABEL: double mirror_grad(
// CHECK: backward sweep of the loop at line 38,
// CHECK: backward sweep of the loop at line 35,
// CHECK-LABEL: double recurrence_grad(
// CHECK: backward sweep of the loop at line 49,
// CHECK: backward sweep of the loop at line 46,
// CHECK-LABEL: double shorter_grad(
// CHECK: backward sweep of the loop at line 60,
// CHECK: backward sweep of the loop at line 57,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double whitened_jvp(const std::vector<double> &x, const std::vector<double> &mu,
                    const std::vector<double> &q, int d,
                    const std::vector<double> &x_dot,
                    const std::vector<double> &mu_dot,
                    const std::vector<double> &q_dot, double *whitened_dot);
double whitened_grad(const std::vector<double> &x,
                     const std::vector<double> &mu,
                     const std::vector<double> &q, int d,
                     std::vector<double> *x_bar, std::vector<double> *mu_bar,
                     std::vector<double> *q_bar, double whitened_bar = 1.0);
#define ADGEN_SCALAR_PAIR(f)                                                   \
  double f##_jvp(const double *x, int d, const double *x_dot, double *f##_dot); \
  double f##_grad(const double *x, int d, double *x_bar, double f##_bar = 1.0);
ADGEN_SCALAR_PAIR(mirror)
ADGEN_SCALAR_PAIR(recurrence)
ADGEN_SCALAR_PAIR(shorter)
using fd::Vec;

template <class P, class J, class G>
void checkOnX(const char *name, int d, P primal, J jvp, G grad, fd::Rng &rng) {
  Vec x = rng.vec(d, -1.3, 1.3);
  fd::check_grad(
      name, fd::at(x), x, x.size(),
      [&](const Vec &v) { return Vec{primal(v.data(), d)}; },
      [&](const Vec &v, const Vec &vd, Vec *yd) {
        return Vec{jvp(v.data(), d, vd.data(), &(*yd)[0])};
      },
      [&](const Vec &v, const Vec &yb, Vec *vb) {
        return Vec{grad(v.data(), d, vb->data(), yb[0])};
      },
      rng);
}

int main() {
  fd::Rng rng(43);
  for (int t = 0; t < 10; ++t) {
    int d = 1 + t % 7;
    Vec all = rng.vec(3 * d, -1.5, 1.5);
    auto part = [d](const Vec &v, int i) {
      return Vec(v.begin() + i * d, v.begin() + (i + 1) * d);
    };
    fd::check_grad(
        "whitened", fd::at(all), all, all.size(),
        [&](const Vec &v) {
          return Vec{whitened(part(v, 0), part(v, 1), part(v, 2), d)};
        },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{whitened_jvp(part(v, 0), part(v, 1), part(v, 2), d,
                                  part(vd, 0), part(vd, 1), part(vd, 2),
                                  &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          std::vector<double> b[3];
          for (int i = 0; i < 3; ++i)
            b[i] = part(*vb, i);
          double y = whitened_grad(part(v, 0), part(v, 1), part(v, 2), d,
                                   &b[0], &b[1], &b[2], yb[0]);
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < d; ++j)
              (*vb)[i * d + j] = b[i][j];
          return Vec{y};
        },
        rng);
    checkOnX("mirror", d, mirror, mirror_jvp, mirror_grad, rng);
    checkOnX("recurrence", d, recurrence, recurrence_jvp, recurrence_grad, rng);
    checkOnX("shorter", d, shorter, shorter_jvp, shorter_grad, rng);
  }
  return fd::finish();
}
#endif
