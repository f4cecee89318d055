// Iterator loops over std::vector, std::array and raw arrays (SPEC §5,
// iteration): `for (auto it = v.begin(); it != v.end(); ++it)`, const and
// mutable iterators, `std::vector<T>::const_iterator` from begin(),
// cbegin()/cend() of a std::array (pointers there), `it + k`, `it[k]`,
// `*it *= x` writing through one, `--it` walking back from end(), and
// `it - v.begin()`; local initializer lists' begin(), end() and size().
// Each iterator is a position in the container's array.
// Against central differences and the dot-product test, double and float.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <array>
#include <cmath>
#include <initializer_list>
#include <vector>

// The iterator is an offset into v's elements.
// CHECK-LABEL: adgen_flat_weighted_grad_double(
// CHECK-NOT: begin()
// CHECK: ++it_off
// CHECK: return
#pragma adgen jvp grad instantiate(weighted<double>, weighted<float>)
template <typename T> T weighted(const std::vector<T> &v, T x) {
  T s = 0;
  for (auto it = v.begin(); it != v.end(); ++it)
    s += *it * std::sin(x * static_cast<T>(it - v.begin() + 1));
  typename std::vector<T>::const_iterator last = v.end() - 1;
  return s + *last * *v.begin();
}

#pragma adgen jvp grad
void scale(std::vector<double> &v, double x) {
  for (std::vector<double>::iterator it = v.begin(); it < v.end(); it++)
    *it *= x * *it;
  auto it = v.end();
  while (it != v.begin()) {
    --it;
    *it += 0.5 * it[0];
  }
}

#pragma adgen jvp grad
double pairs(const std::array<double, 4> &a, const double *w) {
  double s = 0;
  for (auto it = a.cbegin(); it + 1 < a.cend(); it += 2)
    s += it[0] * it[1] * w[it - a.cbegin()];
  const double *end = w + 3;
  for (const double *p = w; p != end; ++p)
    s += *p * a[0];
  return s;
}

// Over local initializer lists (Clad's fn39), with size(); a vector built
// with an allocator (Clad's fn13), which has no state.
#pragma adgen jvp grad
double lists(double x) {
  double res = 0;
  auto &&range = {1, 2, 3};
  for (auto i = range.begin(); i != range.end(); i++)
    res += x * (*i);
  std::initializer_list<double> w = {1.5, -2.0, 0.25};
  for (const double *p = w.begin(); p < w.end(); ++p)
    res += std::cos(*p * x) / static_cast<double>(w.size());
  std::vector<double>::allocator_type allocator;
  std::vector<double> filled(3, x, allocator);
  return res * filled[2];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(71);
  for (int t = 0; t < 20; ++t) {
    Vec z0 = rng.vec(5, -1.2, 1.2);
    fd::check_grad("weighted<double>", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) {
          return Vec{weighted(Vec(z.begin(), z.begin() + 4), z[4])};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{weighted_jvp(Vec(z.begin(), z.begin() + 4), z[4],
                                  Vec(zd.begin(), zd.begin() + 4), zd[4],
                                  &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec vb(zb->begin(), zb->begin() + 4);
          double xb = (*zb)[4];
          double r = weighted_grad(Vec(z.begin(), z.begin() + 4), z[4], &vb,
                                   &xb, yb[0]);
          *zb = {vb[0], vb[1], vb[2], vb[3], xb};
          return Vec{r};
        },
        rng);
    // The float instantiation against the double one.
    std::vector<float> vf(4), vfb(4, 0.f);
    for (int i = 0; i < 4; ++i) vf[i] = float(z0[i]);
    float xfb = 0;
    float yf = weighted_grad(vf, float(z0[4]), &vfb, &xfb, 1.0f);
    Vec vdb(4, 0.0);
    double xdb = 0;
    weighted_grad(Vec(z0.begin(), z0.begin() + 4), z0[4], &vdb, &xdb, 1.0);
    fd::check_close("weighted<float> value", fd::at(z0), yf,
                    weighted(Vec(z0.begin(), z0.begin() + 4), z0[4]), 1e-4,
                    1e-5);
    fd::check_close("weighted<float> x_bar", fd::at(z0), xfb, xdb, 1e-3, 1e-4);
    for (int i = 0; i < 4; ++i)
      fd::check_close("weighted<float> v_bar", fd::at(z0), vfb[i], vdb[i],
                      1e-3, 1e-4);
    // scale: x (summed), then v (4, in/out: its adjoint is overwritten).
    fd::check_grad("scale", fd::at(z0), z0, 1,
        [&](const Vec &z) {
          Vec v(z.begin() + 1, z.end());
          scale(v, z[0]);
          return v;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec v(z.begin() + 1, z.end()), vd(zd.begin() + 1, zd.end());
          scale_jvp(v, z[0], vd, zd[0]);
          *yd = vd;
          return v;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec v(z.begin() + 1, z.end()), vb = yb;
          double xb = (*zb)[0];
          scale_grad(v, z[0], vb, &xb);
          *zb = {xb, vb[0], vb[1], vb[2], vb[3]};
          return v;
        },
        rng);
    Vec l0{z0[0]};
    fd::check_grad("lists", fd::at(l0), l0, 1,
        [&](const Vec &z) { return Vec{lists(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{lists_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{lists_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    Vec q0 = rng.vec(7, -1.2, 1.2);
    fd::check_grad("pairs", fd::at(q0), q0, q0.size(),
        [&](const Vec &z) {
          std::array<double, 4> a{z[0], z[1], z[2], z[3]};
          return Vec{pairs(a, z.data() + 4)};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          std::array<double, 4> a{z[0], z[1], z[2], z[3]};
          std::array<double, 4> ad{zd[0], zd[1], zd[2], zd[3]};
          return Vec{pairs_jvp(a, z.data() + 4, ad, zd.data() + 4, &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::array<double, 4> a{z[0], z[1], z[2], z[3]};
          std::array<double, 4> ab{(*zb)[0], (*zb)[1], (*zb)[2], (*zb)[3]};
          double r = pairs_grad(a, z.data() + 4, &ab, zb->data() + 4, yb[0]);
          for (int i = 0; i < 4; ++i) (*zb)[i] = ab[i];
          return Vec{r};
        },
        rng);
  }
  return fd::finish();
}
#endif
