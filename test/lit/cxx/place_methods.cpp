// Methods and operators of the user's returning a reference (SPEC §5:
// methods, reference results), as ADBench's LightMatrix writes its
// elements: `T &operator()(int i, int j) { return data_[j * rows + i]; }`
// called as `R(0, 0) = ...`, `(*this)(i, j) = ...` inside a method such as
// set_identity(), and `v.at(i) += ...` on a local struct. Each call is
// inlined with `this` naming the object it is called on, so the place is
// an element of the object's array (a pointer member into the caller's
// matrix, or a member array). Against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Mat {
  int rows;
  double *data_;
  double &operator()(int i, int j) { return data_[j * rows + i]; }
  const double &operator()(int i, int j) const { return data_[j * rows + i]; }
  void set_identity() {
    for (int j = 0; j < rows; j++)
      for (int i = 0; i < rows; i++)
        (*this)(i, j) = i == j ? 1.0 : 0.0;
  }
  void scale_col(int j, double s) {
    for (int i = 0; i < rows; i++)
      (*this)(i, j) *= s;
  }
};

// The element writes go to the caller's matrix: no call remains.
// CHECK-LABEL: void rotation_grad(
// CHECK: adgen_flat_rotation_grad(a, &pR->rows, pR->data_, a_bar, pR_bar->data_);
#pragma adgen jvp grad
void rotation(const double *a, Mat *pR) {
  double t = std::sqrt(a[0] * a[0] + a[1] * a[1]);
  if (t < 1e-4) {
    pR->set_identity();
    return;
  }
  auto &R = *pR;
  R(0, 0) = std::cos(t);
  R(0, 1) = -std::sin(t);
  R(1, 0) = std::sin(t);
  R(1, 1) = std::cos(t) * a[0] / t;
  R.scale_col(1, a[1]);
  const Mat &C = R;
  R(0, 0) += C(1, 1) * C(0, 1);
}

struct Acc {
  double v[3];
  double &at(int i) { return v[i]; }
};

#pragma adgen jvp grad
double accumulated(const double *x, int n) {
  Acc acc{{0, 0, 0}};
  for (int i = 0; i < n; ++i)
    acc.at(i % 3) += x[i] * x[i];
  return acc.at(0) * acc.at(1) + std::sin(acc.at(2));
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(83);
  for (int t = 0; t < 20; ++t) {
    // rotation: a (2) in, R (2 x 2) in/out: a summed, R overwritten.
    Vec z0 = rng.vec(6, -1.2, 1.2);
    fd::check_grad("rotation", fd::at(z0), z0, 2,
        [&](const Vec &z) {
          Vec r(z.begin() + 2, z.end());
          Mat m{2, r.data()};
          rotation(z.data(), &m);
          return r;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec r(z.begin() + 2, z.end()), rd(zd.begin() + 2, zd.end());
          Mat m{2, r.data()}, md{2, rd.data()};
          rotation_jvp(z.data(), &m, zd.data(), &md);
          *yd = rd;
          return r;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec r(z.begin() + 2, z.end()), rb = yb;
          Mat m{2, r.data()}, mb{2, rb.data()};
          rotation_grad(z.data(), &m, zb->data(), &mb);
          for (int i = 0; i < 4; ++i) (*zb)[2 + i] = rb[i];
          return r;
        },
        rng);
    Vec x0 = rng.vec(7, -1.2, 1.2);
    fd::check_grad("accumulated", fd::at(x0), x0, x0.size(),
        [&](const Vec &z) { return Vec{accumulated(z.data(), 7)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{accumulated_jvp(z.data(), 7, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{accumulated_grad(z.data(), 7, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
