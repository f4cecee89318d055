// Reverse mode of exp, expm1, log, log1p, log2, log10.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x) grad(x)
double f(double x, double y) {
  double a = std::exp(x * y) + std::expm1(0.5 * x);
  double b = std::log(x) * y + std::log1p(x);
  double c = std::log2(3.0 * x) - std::log10(x * x + y);
  return a + b + c;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double f_bar = 1.0) {
// CHECK-NOT: y_bar
// d exp = exp (the primal's value reused), d expm1 = expm1 + 1.
// CHECK: const double [[E:v[0-9]+]] = std::exp(
// CHECK: y * [[E]]
// CHECK: const double [[M:v[0-9]+]] = std::expm1(
// CHECK: [[M]] + 1.0
// d log = 1/u, d log1p = 1/(1+u), d log2 = 1/(u ln 2), d log10 = 1/(u ln 10).
// CHECK: 1.0 / x
// CHECK: 1.0 + x
// CHECK-DAG: 1.44269504088896{{[0-9]*}} /
// CHECK-DAG: 0.4342944819032{{[0-9]*}} /
// The three statements' adjoints, last statement first.
// CHECK: [[A:[a-z]+]]_bar += f_bar;
// CHECK: {{\*x_bar \+?=}}
// CHECK: c_bar
// CHECK: {{\*x_bar \+?=}}
// CHECK: b_bar
// CHECK: {{\*x_bar \+?=}}
// CHECK: a_bar
// CHECK: return v{{[0-9]+}};

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(4, 20, {{0.1, 3}, {0.1, 1.5}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
