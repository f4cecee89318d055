// Recursion that used to be refused (these were diagnostics tests): direct
// recursion in the annotated function itself, mutual recursion closing on
// it (f -> g -> f), and mutual recursion between two helpers. Both modes,
// against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double power(double x, int n) {
  if (n == 0)
    return x;
  return power(x * std::cos(x), n - 1);
}

double back(double x, int n);

#pragma adgen jvp(x) grad(x)
double forth(double x, int n) {
  if (n <= 0)
    return x;
  return back(0.5 * x * x, n - 1) + std::sin(x);
}

double back(double x, int n) { return forth(x, n) * x; }

double odd(double x, int n);
double even(double x, int n) {
  if (n <= 0)
    return x;
  return std::exp(-odd(x, n - 1));
}
double odd(double x, int n) { return n <= 0 ? 1.0 : x * even(x, n - 1); }

#pragma adgen jvp(x) grad(x)
double parity(double x) { return even(x, 5) + odd(x, 4); }

// The annotated recursive function's adjoint calls a copy of itself.
// CHECK-LABEL: power_grad(
// CHECK: adgen_power_grad_10(
// CHECK-LABEL: forth_grad(
// CHECK: adgen_back_grad_10(
// CHECK-LABEL: parity_grad(
// CHECK-DAG: adgen_even_grad_10(
// CHECK-DAG: adgen_odd_grad_10(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double power_jvp(double x, int n, double x_dot, double *power_dot);
double power_grad(double x, int n, double *x_bar, double power_bar = 1.0);
double forth_jvp(double x, int n, double x_dot, double *forth_dot);
double forth_grad(double x, int n, double *x_bar, double forth_bar = 1.0);
double parity_jvp(double x, double x_dot, double *parity_dot);
double parity_grad(double x, double *x_bar, double parity_bar = 1.0);
using fd::Vec;
int main() {
  fd::Rng rng(3);
  for (int k = 0; k < 16; ++k) {
    int n = k % 8;
    Vec x{rng.uniform(-1.5, 1.5)};
    fd::check_grad("power", fd::at(x), x, 1,
        [n](const Vec &v) { return Vec{power(v[0], n)}; },
        [n](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{power_jvp(v[0], n, d[0], &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{power_grad(v[0], n, &(*vb)[0], yb[0])};
        },
        rng);
    fd::check_grad("forth", fd::at(x), x, 1,
        [n](const Vec &v) { return Vec{forth(v[0], n)}; },
        [n](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{forth_jvp(v[0], n, d[0], &(*yd)[0])};
        },
        [n](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{forth_grad(v[0], n, &(*vb)[0], yb[0])};
        },
        rng);
    fd::check_grad("parity", fd::at(x), x, 1,
        [](const Vec &v) { return Vec{parity(v[0])}; },
        [](const Vec &v, const Vec &d, Vec *yd) {
          return Vec{parity_jvp(v[0], d[0], &(*yd)[0])};
        },
        [](const Vec &v, const Vec &yb, Vec *vb) {
          return Vec{parity_grad(v[0], &(*vb)[0], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
