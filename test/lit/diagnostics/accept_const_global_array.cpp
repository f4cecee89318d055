// A const or constexpr global array (1-D and 2-D) and a const global scalar
// read by an annotated function and by a function it calls: read as
// constants (a local copy of the table in the generated code), and the
// derivatives match finite differences in both modes. They were refused as
// "read of non-constant global variable", with the hint "make it a const
// global".
// RUN: adgen %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
// DIAG-NOT: error
#include <cmath>

static const double coef[4] = {1.0, -2.0, 0.5, 3.0};
constexpr double k[3] = {0.5, 0.25, 0.125};
static const double W[2][3] = {{1.0, -1.0, 2.0}, {0.5}};
const double scale = 1.5;
constexpr int n_coef = 4;

static double poly(double x) {
  double s = 0.0;
  for (int i = n_coef - 1; i >= 0; --i)
    s = s * x + coef[i];
  return s;
}

#pragma adgen jvp grad
double f(double x, double y) {
  double h = 0.0;
  for (int j = 0; j < 3; ++j)
    h += std::tanh(W[0][j] * x + W[1][j] * y) * k[j];
  return scale * poly(x) * y + h;
}

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK: double W[6] = {1.0, -1.0, 2.0, 0.5};
// CHECK: double k[3] = {0.5, 0.25, 0.125};
// CHECK-LABEL: ADGEN_HD double f_jvp(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(21, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  return fd::finish();
}
#endif
