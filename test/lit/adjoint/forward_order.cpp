// A backward loop whose iterations commute runs first iteration first:
// every effect of its body is an accumulation `A[e] += x` into an adjoint
// array no iteration reads otherwise, or a stepped counter (`--idx`), and
// no array it reads may be one it sums into. ADBench GMM's triangle
// (`q[c] += L[idx] * x[r]; ++idx;`) is the case: its reversed inner loop
// walks memory upwards, reads its index as k itself, and the counter is
// idx_after - count + k instead of a dependence from one iteration to the
// next. A loop whose adjoint zeroes or overwrites an element, reads an
// element another iteration sums into (a prefix product), writes a
// variable other than a stepped counter, or reads one shadow array while
// summing into another (two shadows may be one buffer) stays last
// iteration first. The gradients match central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(L, x) grad(L, x)
double triangle(const std::vector<double> &L, const std::vector<double> &x,
                int d) {
  std::vector<double> q(d);
  for (int c = 0; c < d; ++c)
    q[c] = std::exp(x[c]);
  int idx = 0;
  for (int r = 0; r < d; ++r)
    for (int c = r + 1; c < d; ++c) {
      q[c] += L[idx] * x[r];
      ++idx;
    }
  double s = 0;
  for (int c = 0; c < d; ++c)
    s += q[c] * q[c];
  return s;
}

#pragma adgen jvp(x) grad(x)
double prefix(const double *x, int n) {
  std::vector<double> p(n + 1);
  p[0] = 1.0;
  for (int i = 0; i < n; ++i)
    p[i + 1] = p[i] * std::sin(x[i]);
  double s = 1.0;
  for (int i = 0; i < n; ++i)
    s = s * x[i] + p[i + 1];
  return s;
}

#pragma adgen jvp(x) grad(x)
void moments(const double *x, double *m, int n) {
  for (int i = 0; i < n; ++i) {
    m[0] += x[i];
    m[1] += x[i] * x[i];
  }
}

// CHECK-LABEL: adgen_flat_triangle_grad(const double
// s += q[c] * q[c] in reverse only adds into q_bar: forwards.
// CHECK: backward sweep of the loop at line 34, in forward order (its iterations
// CHECK-NEXT: // commute)
// CHECK-NEXT: for (int [[K0:k[_0-9]*]] = 0; [[K0]] < {{v[0-9]+}}; ++[[K0]]) {
// CHECK: q_bar[[[K0]]] += {{.+}} * s_bar;
// The triangle's outer loop has a loop inside: last iteration first. Its
// inner loop steps idx back once per iteration: idx jumps to its value
// before the loop, and each iteration reads it plus k.
// CHECK: backward sweep of the loop at line 28, last iteration first
// CHECK: const int [[N:v[0-9]+]] = {{.+}} ? {{.+}} : 0;
// CHECK-NEXT: idx_back -= [[N]];
// CHECK-NEXT: // backward sweep of the loop at line 29, in forward order (its iterations
// CHECK-NEXT: // commute)
// CHECK-NEXT: for (int [[K:k[_0-9]*]] = 0; [[K]] < [[N]]; ++[[K]]) {
// CHECK-NOT: --idx_back
// CHECK: // idx_back in this iteration
// CHECK-NEXT: const int [[IDX:v[0-9]+]] = idx_back + [[K]];
// CHECK-NOT: }
// CHECK: L_bar[[[IDX]]] += x[{{v[0-9]+}}] * [[QB:v[0-9]+]];
// CHECK-NEXT: x_bar[{{v[0-9]+}}] += L[[[IDX]]] * [[QB]];
// CHECK-NEXT: }
// q[c] = exp(x[c]) zeroes q_bar[c]: last iteration first.
// CHECK: backward sweep of the loop at line 25, last iteration first
// CHECK: q_bar[{{v[0-9]+}}] = 0.0;
// CHECK-LABEL: return s;

// The prefix product reads p_bar[i + 1] and sums into p_bar[i]; the
// recurrence in s writes s_bar: both stay last iteration first.
// CHECK-LABEL: double prefix_grad(
// CHECK-NOT: in forward order
// CHECK: backward sweep of the loop at line 46, last iteration first
// CHECK-NOT: in forward order
// CHECK: backward sweep of the loop at line 43, last iteration first
// CHECK-NOT: in forward order
// CHECK-LABEL: return

// moments reads m_bar and sums into x_bar, two shadows the caller may pass
// as one buffer: last iteration first.
// CHECK-LABEL: void moments_grad(
// CHECK-NOT: in forward order
// CHECK: backward sweep of the loop at line 53, last iteration first
// CHECK-NOT: in forward order
// CHECK: }

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double triangle_jvp(const std::vector<double> &L, const std::vector<double> &x,
                    int d, const std::vector<double> &L_dot,
                    const std::vector<double> &x_dot, double *triangle_dot);
double triangle_grad(const std::vector<double> &L, const std::vector<double> &x,
                     int d, std::vector<double> *L_bar,
                     std::vector<double> *x_bar, double triangle_bar = 1.0);
double prefix_jvp(const double *x, int n, const double *x_dot,
                  double *prefix_dot);
double prefix_grad(const double *x, int n, double *x_bar,
                   double prefix_bar = 1.0);
void moments_jvp(const double *x, double *m, int n, const double *x_dot,
                 double *m_dot);
void moments_grad(const double *x, double *m, int n, double *x_bar,
                  double *m_bar);
using fd::Vec;
int main() {
  fd::Rng rng(41);
  for (int t = 0; t < 12; ++t) {
    int d = 1 + t % 6, n = 1 + t % 5;
    int lsz = d * (d - 1) / 2;
    // triangle: L then x as one vector.
    Vec lx = rng.vec(lsz + d, -1, 1);
    auto split = [&](const Vec &v) {
      return std::make_pair(Vec(v.begin(), v.begin() + lsz),
                            Vec(v.begin() + lsz, v.end()));
    };
    fd::check_grad(
        "triangle", fd::at(lx), lx, lx.size(),
        [&](const Vec &v) {
          auto [l, x] = split(v);
          return Vec{triangle(l, x, d)};
        },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          auto [l, x] = split(v);
          auto [ld, xd] = split(vd);
          return Vec{triangle_jvp(l, x, d, ld, xd, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          auto [l, x] = split(v);
          std::vector<double> lb(l.size()), xb(x.size());
          double y = triangle_grad(l, x, d, &lb, &xb, yb[0]);
          for (size_t q = 0; q < lb.size(); ++q)
            (*vb)[q] += lb[q];
          for (size_t q = 0; q < xb.size(); ++q)
            (*vb)[lb.size() + q] += xb[q];
          return Vec{y};
        },
        rng);
    Vec x = rng.vec(n, -1.2, 1.2);
    fd::check_grad(
        "prefix", fd::at(x), x, x.size(),
        [&](const Vec &v) { return Vec{prefix(v.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{prefix_jvp(v.data(), n, vd.data(), &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{prefix_grad(v.data(), n, vb->data(), yb[0])};
        },
        rng);
    // moments: inputs x[0..n) and m's initial value; outputs m's final one.
    Vec z = rng.vec(n + 2, -1.5, 1.5);
    auto cut = [n](const Vec &v) {
      return std::make_pair(Vec(v.begin(), v.begin() + n),
                            Vec(v.begin() + n, v.end()));
    };
    fd::check_grad(
        "moments", fd::at(z), z, n,
        [&](const Vec &a) {
          auto [xv, m] = cut(a);
          moments(xv.data(), m.data(), n);
          return m;
        },
        [&](const Vec &a, const Vec &ad, Vec *yd) {
          auto [xv, m] = cut(a);
          auto [xd, md] = cut(ad);
          moments_jvp(xv.data(), m.data(), n, xd.data(), md.data());
          *yd = md;
          return m;
        },
        [&](const Vec &a, const Vec &yb, Vec *ab) {
          auto [xv, m] = cut(a);
          Vec xb(ab->begin(), ab->begin() + n), mb = yb;
          moments_grad(xv.data(), m.data(), n, xb.data(), mb.data());
          for (int i = 0; i < n; ++i)
            (*ab)[i] = xb[i];
          (*ab)[n] = mb[0];
          (*ab)[n + 1] = mb[1];
          return m;
        },
        rng);
  }
  return fd::finish();
}
#endif
