// Classes that own a heap buffer (SPEC §5: `new` scratch locals), as matrix
// classes are written: the constructor allocates the pointer member in its
// body (`data_ = new T[r * c];`, ADBench's LightMatrix) or in its member
// initializers (`d(new double[n]())`), and the destructor deletes it. A
// local of such a class is a heap scratch array counted by the
// constructor's arguments, declared where the local is; its methods and
// the helpers it is passed to read and write it.
// Against central differences and the dot-product test, float and double.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

template <class T> class Mat {
public:
  Mat(int rows, int cols) : rows_(rows), cols_(cols) {
    data_ = new T[rows * cols];
  }
  ~Mat() { delete[] data_; }
  Mat(const Mat &) = delete;
  Mat &operator=(const Mat &) = delete;
  T &operator()(int i, int j) { return data_[j * rows_ + i]; }
  const T &operator()(int i, int j) const { return data_[j * rows_ + i]; }
  void set_identity() {
    for (int j = 0; j < cols_; j++)
      for (int i = 0; i < rows_; i++)
        (*this)(i, j) = i == j ? T(1) : T(0);
  }
  int rows_, cols_;
  T *data_;
};

template <class T> void mat_vec(const Mat<T> &A, const T *x, T *y) {
  for (int i = 0; i < A.rows_; i++) {
    y[i] = 0;
    for (int j = 0; j < A.cols_; j++)
      y[i] += A(i, j) * x[j];
  }
}

struct Buffer {
  int n;
  double *d;
  explicit Buffer(int size) : n(size), d(new double[size]()) {}
  ~Buffer() { delete[] d; }
};

// CHECK-LABEL: rotate_grad<float>(
// CHECK: long R_data__size = static_cast<long>(R_rows * R_cols);
// CHECK-NEXT: adgen::Scratch<float> R_data_(R_data__size);
#pragma adgen jvp grad instantiate(rotate<float>, rotate<double>)
template <class T> void rotate(const T *angle, const T *v, T *out) {
  Mat<T> R(3, 3);
  R.set_identity();
  R(1, 1) = std::cos(angle[0]);
  R(2, 1) = std::sin(angle[0]);
  R(1, 2) = -R(2, 1);
  R(2, 2) = R(1, 1);
  mat_vec(R, v, out);
}

// CHECK-LABEL: smooth_grad(
// CHECK: adgen::Scratch<double> b_d(b_d_size);
#pragma adgen jvp grad
double smooth(const double *x, int n) {
  Buffer b(n + 1);
  for (int i = 0; i < n; ++i)
    b.d[i + 1] = b.d[i] + std::exp(x[i]) * x[i];
  double s = 0;
  for (int i = 0; i <= b.n - 1; ++i)
    s += b.d[i] * b.d[i];
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(31);
  for (int t = 0; t < 20; ++t) {
    // rotate<double>: angle (1), v (3); out (3) written.
    Vec z0 = rng.vec(4, -1.5, 1.5);
    fd::check_grad("rotate<double>", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) {
          Vec out(3);
          rotate(&z[0], &z[1], out.data());
          return out;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec out(3);
          yd->assign(3, 0.0);
          rotate_jvp(&z[0], &z[1], out.data(), &zd[0], &zd[1], yd->data());
          return out;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec out(3), ob = yb;
          rotate_grad(&z[0], &z[1], out.data(), &(*zb)[0], &(*zb)[1],
                      ob.data());
          return out;
        },
        rng);
    // rotate<float>: the dot-product test and float differences.
    float a[1] = {float(z0[0])}, v[3], ad[1] = {float(rng.uniform(-1, 1))};
    float vd[3], ab[1] = {0}, vb[3] = {0, 0, 0}, out[3], outd[3], outb[3];
    for (int k = 0; k < 3; ++k) {
      v[k] = float(z0[std::size_t(k) + 1]);
      vd[k] = float(rng.uniform(-1, 1));
      outb[k] = float(rng.uniform(-1, 1));
    }
    rotate_jvp(a, v, out, ad, vd, outd);
    double lhs = 0, rhs = 0, scale = 0;
    for (int k = 0; k < 3; ++k) {
      auto at = [&](float h) {
        float a2[1] = {a[0] + h * ad[0]}, v2[3], o[3];
        for (int m = 0; m < 3; ++m)
          v2[m] = v[m] + h * vd[m];
        rotate(a2, v2, o);
        return o[k];
      };
      fd::check_close("rotate<float> jvp", fd::at(z0), outd[k],
                      fd::central_f(at, 0.0f), 2e-3, 2e-3);
      lhs += double(outd[k]) * outb[k];
    }
    rotate_grad(a, v, out, ab, vb, outb);
    rhs = double(ab[0]) * ad[0];
    scale = std::fabs(rhs);
    for (int k = 0; k < 3; ++k) {
      rhs += double(vb[k]) * vd[k];
      scale += std::fabs(double(vb[k]) * vd[k]);
    }
    fd::check_dot_test("rotate<float>", fd::at(z0), lhs, rhs, scale, 1e-5);
    // smooth: x (n), summed.
    int n = rng.integer(1, 7);
    Vec x0 = rng.vec(n, -1.2, 1.2);
    fd::check_grad("smooth", fd::at(x0), x0, x0.size(),
        [&](const Vec &z) { return Vec{smooth(z.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{smooth_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{smooth_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
