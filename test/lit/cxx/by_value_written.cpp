// A struct passed by value is the callee's copy: writing its member arrays
// (directly, through a non-const method or a `S &` helper) changes the copy
// only. adgen copies such member arrays into locals at entry (t_data_copy)
// and the adjoint flows back through the copy to t_bar; arrays of structs
// by value that are only read are not copied. f_grad and f_jvp against
// central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

template <typename T, unsigned N> struct Tensor {
  T data[N] = {};
  void updateTo(T val) {
    for (unsigned i = 0; i < N; ++i)
      data[i] = val * data[i] + val;
  }
  T sum() const {
    T res = 0;
    for (unsigned i = 0; i < N; ++i)
      res += data[i] * data[i];
    return res;
  }
};

template <typename T, unsigned N> T total(Tensor<T, N> &t) {
  T res = 0;
  for (unsigned i = 0; i < N; ++i)
    res += std::sin(t.data[i]);
  return res;
}

using TensorD5 = Tensor<double, 5>;

// CHECK-LABEL: double adgen_flat_fn6_grad(
// CHECK: double t_data_copy[5]
#pragma adgen jvp grad
double fn6(TensorD5 t, double i) {
  double res = 3 * t.sum();
  t.updateTo(i * i);
  res += total(t);
  return res;
}

struct Buf {
  double w[4];
  double k;
};

// CHECK-LABEL: double adgen_flat_direct_grad(
// CHECK: double b_w_copy[4]
// CHECK-LABEL: double adgen_flat_readonly_grad(
// CHECK-NOT: _copy
// CHECK: return
#pragma adgen jvp grad
double direct(Buf b, double x) {
  b.w[0] = x * b.k;
  b.w[2] *= b.w[0];
  return b.w[0] * b.w[1] + b.w[2] * b.w[3];
}

#pragma adgen jvp grad
double readonly(Buf b, double x) { return b.w[1] * x + b.k; }

// A std::vector by value that is written (Clad's replace_and_square): its
// elements copied into scratch of its size, the adjoint flowing back
// through the copy to values_bar.
// CHECK-LABEL: adgen_flat_replace_and_square_grad(
// CHECK: adgen::Scratch<double> values_copy(values_copy_size);
#pragma adgen jvp grad
double replace_and_square(std::vector<double> values, double x) {
  values[0] = x * values[2];
  for (double &v : values)
    v *= values[0];
  return values[0] * values[0] + values[1] * std::sin(values[2]);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

static TensorD5 tensor(const Vec &z) {
  TensorD5 t;
  for (unsigned k = 0; k < 5; ++k)
    t.data[k] = z[k];
  return t;
}
static Buf buf(const Vec &z) { return Buf{{z[0], z[1], z[2], z[3]}, z[4]}; }

int main() {
  fd::Rng rng(31);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(6, -1.2, 1.2);
    fd::check_grad("fn6", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{fn6(tensor(z), z[5])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{fn6_jvp(tensor(z), z[5], tensor(zd), zd[5], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          TensorD5 tb = tensor(*zb);
          double ib = (*zb)[5];
          double v = fn6_grad(tensor(z), z[5], &tb, &ib, yb[0]);
          for (unsigned k = 0; k < 5; ++k)
            (*zb)[k] = tb.data[k];
          (*zb)[5] = ib;
          return Vec{v};
        },
        rng);
    for (int which = 0; which < 2; ++which) {
      auto f = which ? readonly : direct;
      auto fj = which ? readonly_jvp : direct_jvp;
      auto fg = which ? readonly_grad : direct_grad;
      fd::check_grad(which ? "readonly" : "direct", fd::at(x), x, x.size(),
          [&](const Vec &z) { return Vec{f(buf(z), z[5])}; },
          [&](const Vec &z, const Vec &zd, Vec *yd) {
            return Vec{fj(buf(z), z[5], buf(zd), zd[5], &(*yd)[0])};
          },
          [&](const Vec &z, const Vec &yb, Vec *zb) {
            Buf bb = buf(*zb);
            double xb = (*zb)[5];
            double v = fg(buf(z), z[5], &bb, &xb, yb[0]);
            *zb = {bb.w[0], bb.w[1], bb.w[2], bb.w[3], bb.k, xb};
            return Vec{v};
          },
          rng);
    }
    Vec v4(x.begin(), x.begin() + 4);
    v4.push_back(x[5]);
    fd::check_grad("replace_and_square", fd::at(v4), v4, v4.size(),
        [&](const Vec &z) {
          return Vec{replace_and_square(Vec(z.begin(), z.begin() + 4), z[4])};
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{replace_and_square_jvp(Vec(z.begin(), z.begin() + 4),
                                            z[4], Vec(zd.begin(), zd.begin() + 4),
                                            zd[4], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec vb(zb->begin(), zb->begin() + 4);
          double xb = (*zb)[4];
          double r = replace_and_square_grad(Vec(z.begin(), z.begin() + 4),
                                             z[4], &vb, &xb, yb[0]);
          *zb = {vb[0], vb[1], vb[2], vb[3], xb};
          return Vec{r};
        },
        rng);
  }
  return fd::finish();
}
#endif
