// Reverse mode of triangular nested loops: forward substitution L y = b
// (the inner loop j < i reads the y[j] computed by earlier outer
// iterations) and an upper-triangular sweep j = i .. n-1. Each reversed
// inner loop must run the trip count of its own outer iteration.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

#pragma adgen jvp(L, b) grad(L, b)
double solve(const double *L, const double *b, const double *w, int n) {
  double y[6];
  for (int i = 0; i < n; ++i) {
    double r = b[i];
    for (int j = 0; j < i; ++j)
      r -= L[i * n + j] * y[j];
    y[i] = r / L[i * n + i];
  }
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      s += w[j] * y[i] * std::cos(y[j]);
  return s;
}

// CHECK-LABEL: ADGEN_HD double solve_grad(const double *L, const double *b, const double *w,
// CHECK-NEXT: int n, double *L_bar, double *b_bar,
// CHECK-NEXT: double solve_bar = 1.0) {
// CHECK-NOT: w_bar
// CHECK: double y_bar[6] = {};
// The upper-triangular sweep, reversed.
// CHECK: for (int [[K1:k[_0-9]*]] = 0; [[K1]] < {{.+}}; ++[[K1]]) {
// CHECK: for (int [[K2:k[_0-9]*]] = 0; [[K2]] < {{.+}}; ++[[K2]]) {
// CHECK: y_bar[{{.+}}] +=
// The substitution, reversed: y[i] = r / L[i][i], then r -= L[i][j] y[j].
// CHECK: for (int [[K3:k[_0-9]*]] = 0; [[K3]] < {{.+}}; ++[[K3]]) {
// CHECK: L_bar[{{.+}}] {{[-+]}}=
// CHECK: for (int [[K4:k[_0-9]*]] = 0; [[K4]] < {{.+}}; ++[[K4]]) {
// CHECK-DAG: L_bar[{{.+}}] {{[-+]}}=
// CHECK-DAG: y_bar[{{.+}}] {{[-+]}}=
// CHECK: b_bar[{{.+}}] +=
// CHECK: return s;

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double solve_jvp(const double *L, const double *b, const double *w, int n,
                 const double *L_dot, const double *b_dot, double *solve_dot);
double solve_grad(const double *L, const double *b, const double *w, int n,
                  double *L_bar, double *b_bar, double solve_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(36);
  for (int k = 0; k < 24; ++k) {
    int n = 1 + k % 6;
    // Inputs: L (n*n, diagonally dominant), then b (n).
    Vec z = rng.vec(n * n + n, -0.5, 0.5), w = rng.vec(n, -1, 1);
    for (int i = 0; i < n; ++i) z[i * n + i] = rng.uniform(1.5, 3) * (i % 2 ? -1 : 1);
    const int nn = n * n;
    fd::check_grad("solve", fd::at(z), z, nn + n,
        [&](const Vec &v) { return Vec{solve(v.data(), v.data() + nn, w.data(), n)}; },
        [&](const Vec &v, const Vec &vd, Vec *yd) {
          return Vec{solve_jvp(v.data(), v.data() + nn, w.data(), n, vd.data(),
                               vd.data() + nn, &(*yd)[0])};
        },
        [&](const Vec &v, const Vec &yb, Vec *vb) {
          fd::Guarded gl(Vec(vb->begin(), vb->begin() + nn), fd::Guarded::End),
              gb(Vec(vb->begin() + nn, vb->end()), fd::Guarded::End);
          double r = solve_grad(v.data(), v.data() + nn, w.data(), n, gl.data(),
                                gb.data(), yb[0]);
          for (int i = 0; i < nn; ++i) (*vb)[i] = gl[i];
          for (int i = 0; i < n; ++i) (*vb)[nn + i] = gb[i];
          return Vec{r};
        },
        rng);
  }
  return fd::finish();
}
#endif
