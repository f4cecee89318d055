// std::pair parameters and locals (SPEC §5): a struct of `first` and
// `second`, read as p.first or std::get<0>(p), by const reference, by value
// and written through a reference; locals from copies, from (a, b) and
// assigned whole. Shadows are pairs (std::pair<double, double> *p_bar; an
// integer member's shadow is ignored).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <utility>

#pragma adgen jvp grad
double pr(const std::pair<double, double> &p, std::pair<double, int> q) {
  std::pair<double, double> r = p;
  r.first *= q.first;
  std::get<1>(r) += std::sin(p.second) * q.second;
  return r.first * std::get<0>(p) + r.second;
}

#pragma adgen jvp grad
void polar(double x, double y, std::pair<double, double> &out) {
  out.first = std::hypot(x, y) * out.second;
  out.second = std::atan2(y, x);
}

#pragma adgen jvp grad
double pr2(double x, double y) {
  std::pair<double, double> r{x * y, 2};
  std::pair<double, double> s(y, x);
  std::pair<double, double> t;
  t = r;
  return t.first * s.second + std::get<1>(t) * s.first;
}

// CHECK: #include <utility>
// CHECK-LABEL: ADGEN_HD double pr_grad(const std::pair<double, double> &p,
// CHECK-NEXT: std::pair<double, int> q,
// CHECK-NEXT: std::pair<double, double> *p_bar,
// CHECK-NEXT: std::pair<double, int> *q_bar, double pr_bar = 1.0) {
// CHECK-NEXT: return adgen_flat_pr_grad(p.first, p.second, q.first, q.second, &p_bar->first,
// CHECK-NEXT: &p_bar->second, &q_bar->first, pr_bar);
// CHECK-LABEL: ADGEN_HD double pr_jvp(const std::pair<double, double> &p,
// CHECK-NEXT: std::pair<double, int> q,
// CHECK-NEXT: const std::pair<double, double> &p_dot,
// CHECK-NEXT: const std::pair<double, int> &q_dot, double *pr_dot) {
// CHECK-LABEL: ADGEN_HD void polar_grad(double x, double y, std::pair<double, double> &out,
// CHECK-NEXT: double *x_bar, double *y_bar,
// CHECK-NEXT: std::pair<double, double> &out_bar) {

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;
using P = std::pair<double, double>;

int main() {
  fd::Rng rng(8);
  for (int t = 0; t < 20; ++t) {
    int m = rng.integer(-3, 3);
    // x = (p.first, p.second, q.first).
    Vec x = rng.vec(3, -1.5, 1.5);
    fd::check_grad("pr", fd::at(x), x, x.size(),
        [&](const Vec &z) {
          return Vec{pr({z[0], z[1]}, {z[2], m})};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{pr_jvp({z[0], z[1]}, {z[2], m}, {zd[0], zd[1]},
                            {zd[2], -99}, &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          P pb{(*zb)[0], (*zb)[1]};
          std::pair<double, int> qb{(*zb)[2], 41};
          double v = pr_grad({z[0], z[1]}, {z[2], m}, &pb, &qb, yb[0]);
          if (qb.second != 41)
            ++fd::failures();
          *zb = {pb.first, pb.second, qb.first};
          return Vec{v};
        },
        rng);
    // x = (x, y, out.first, out.second): out is in/out.
    Vec y = rng.vec(4, 0.2, 1.5);
    fd::check_grad("polar", fd::at(y), y, 2,
        [](const Vec &z) {
          P out{z[2], z[3]};
          polar(z[0], z[1], out);
          return Vec{out.first, out.second};
        },
        [](const Vec &z, const Vec &zd, Vec *yd) {
          P out{z[2], z[3]}, od{zd[2], zd[3]};
          polar_jvp(z[0], z[1], out, zd[0], zd[1], od);
          *yd = {od.first, od.second};
          return Vec{out.first, out.second};
        },
        [](const Vec &z, const Vec &yb, Vec *zb) {
          P out{z[2], z[3]}, ob{yb[0], yb[1]};
          double xb = (*zb)[0], ybb = (*zb)[1];
          polar_grad(z[0], z[1], out, &xb, &ybb, ob);
          *zb = {xb, ybb, ob.first, ob.second};
          return Vec{out.first, out.second};
        },
        rng);
  }
  fd::check_scalar_grad(9, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const Vec &a) { return pr2(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *d) {
        return pr2_jvp(a[0], a[1], e[0], e[1], d);
      },
      [](const Vec &a, double fb, Vec &bar) {
        return pr2_grad(a[0], a[1], &bar[0], &bar[1], fb);
      });
  return fd::finish();
}
#endif
