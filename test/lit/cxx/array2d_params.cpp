// 2-D array parameters (SPEC §5: fixed-size arrays, 1-D and 2-D), as
// Clad's Numerics demo writes a Cholesky solve: `double A[3][3]` read and
// written in place, `const double M[2][3]` read, a local 2-D array passed
// to a helper taking one, and `double (*R)[3]`. The flat functions take the
// array as one `double *` (A[i][j] at i * 3 + j); the wrappers keep C++'s
// own parameter type, a pointer to rows `adgen::row<double, 3>`, and pass
// row 0. f_grad and f_jvp against central differences and the dot-product
// test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

constexpr int kN = 3;

static double trace(const double M[kN][kN]) {
  double t = 0;
  for (int i = 0; i < kN; ++i)
    t += M[i][i];
  return t;
}

// CHECK-LABEL: ADGEN_HD double cholesky_grad(adgen::row<double, 3> *A, const double *b,
// CHECK-NEXT: adgen::row<double, 3> *A_bar, double *b_bar,
// CHECK: return adgen_flat_cholesky_grad(A[0], b, A_bar[0], b_bar, cholesky_bar);
#pragma adgen jvp grad
double cholesky(double A[kN][kN], const double b[kN]) {
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j <= i; ++j) {
      double acc = A[i][j];
      for (int k = 0; k < j; ++k)
        acc -= A[i][k] * A[j][k];
      if (i != j)
        A[i][j] = acc / A[j][j];
      else
        A[i][i] = std::sqrt(acc);
    }
  double s = 0;
  for (int i = 0; i < kN; ++i)
    s += b[i] * A[i][i] + A[i][0] * b[0];
  return s;
}

// CHECK-LABEL: ADGEN_HD double mixed_jvp(const adgen::row<double, 3> *M,
#pragma adgen jvp grad
double mixed(const double M[2][kN], double (*R)[kN], double x) {
  double T[kN][kN] = {};
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j < kN; ++j)
      T[i][j] = M[i % 2][j] * x + R[i][j];
  for (int j = 0; j < kN; ++j)
    R[1][j] = T[j][j] * std::sin(R[0][j]);
  return trace(T) * M[1][2];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include <adgen/runtime.h>
double cholesky_jvp(adgen::row<double, 3> *A, const double *b,
                    adgen::row<double, 3> *A_dot, const double *b_dot,
                    double *cholesky_dot);
double cholesky_grad(adgen::row<double, 3> *A, const double *b,
                     adgen::row<double, 3> *A_bar, double *b_bar,
                     double cholesky_bar = 1.0);
double mixed_jvp(const adgen::row<double, 3> *M, adgen::row<double, 3> *R,
                 double x, const adgen::row<double, 3> *M_dot,
                 adgen::row<double, 3> *R_dot, double x_dot, double *mixed_dot);
double mixed_grad(const adgen::row<double, 3> *M, adgen::row<double, 3> *R,
                  double x, adgen::row<double, 3> *M_bar,
                  adgen::row<double, 3> *R_bar, double *x_bar,
                  double mixed_bar = 1.0);

using fd::Vec;

// A symmetric positive definite A from z[0..8]: I * 3 + a small symmetric.
static void fill(const Vec &z, double A[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      A[i][j] = z[std::size_t(3 * i + j)];
}
static void out(const double A[3][3], Vec &z, std::size_t at) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      z[at + std::size_t(3 * i + j)] = A[i][j];
}

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 10; ++t) {
    // x = (b as 3, A as 9): b's adjoint accumulates, A is in/out;
    // y = (value, A after). A = 3 I + small, positive definite.
    Vec x = rng.vec(12, -0.3, 0.3);
    for (int i = 0; i < 3; ++i)
      x[std::size_t(3 + 4 * i)] += 3.0;
    Vec a0(x.begin() + 3, x.end());
    auto A_of = [](const Vec &z, double A[3][3]) {
      Vec a(z.begin() + 3, z.end());
      fill(a, A);
    };
    fd::check_grad("cholesky", fd::at(x), x, 3,
        [&](const Vec &z) {
          double A[3][3];
          A_of(z, A);
          Vec y(10);
          y[0] = cholesky(A, &z[0]);
          out(A, y, 1);
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          double A[3][3], Ad[3][3];
          A_of(z, A), A_of(zd, Ad);
          Vec y(10);
          y[0] = cholesky_jvp(A, &z[0], Ad, &zd[0], &(*yd)[0]);
          out(A, y, 1);
          out(Ad, *yd, 1);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          double A[3][3], Ab[3][3];
          A_of(z, A);
          fill(Vec(yb.begin() + 1, yb.end()), Ab);
          Vec y(10);
          y[0] = cholesky_grad(A, &z[0], Ab, zb->data(), yb[0]);
          out(A, y, 1);
          out(Ab, *zb, 3);
          return y;
        },
        rng);
    // x = (x, M as 6, R as 9); y = (value, R after). R is in/out.
    Vec m = rng.vec(16, -1.2, 1.2);
    auto MR = [](const Vec &z, double M[2][3], double R[3][3]) {
      for (int k = 0; k < 6; ++k)
        M[k / 3][k % 3] = z[std::size_t(1 + k)];
      fill(Vec(z.begin() + 7, z.end()), R);
    };
    fd::check_grad("mixed", fd::at(m), m, 7,
        [&](const Vec &z) {
          double M[2][3], R[3][3];
          MR(z, M, R);
          Vec y(10);
          y[0] = mixed(M, R, z[0]);
          out(R, y, 1);
          return y;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          double M[2][3], R[3][3], Md[2][3], Rd[3][3];
          MR(z, M, R), MR(zd, Md, Rd);
          Vec y(10);
          y[0] = mixed_jvp(M, R, z[0], Md, Rd, zd[0], &(*yd)[0]);
          out(R, y, 1);
          out(Rd, *yd, 1);
          return y;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          double M[2][3], R[3][3], Mb[2][3], Rb[3][3];
          MR(z, M, R);
          for (int k = 0; k < 6; ++k)
            Mb[k / 3][k % 3] = (*zb)[std::size_t(1 + k)];
          fill(Vec(yb.begin() + 1, yb.end()), Rb);
          Vec y(10);
          y[0] = mixed_grad(M, R, z[0], Mb, Rb, &(*zb)[0], yb[0]);
          out(R, y, 1);
          for (int k = 0; k < 6; ++k)
            (*zb)[std::size_t(1 + k)] = Mb[k / 3][k % 3];
          out(Rb, *zb, 7);
          return y;
        },
        rng);
  }
  return fd::finish();
}
#endif
