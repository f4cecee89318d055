// A helper defined in a (non-system) header the input includes is
// differentiated like one of the input file: it was refused as "call to
// 'softplus', which adgen cannot see", with the hint "define 'softplus' in
// this file" although it is defined. Both modes against finite differences.
// RUN: adgen %s -o %t.cpp -I %S/Inputs
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -I%S/Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include "softplus.h"

#pragma adgen jvp grad
double f(double x, double w) { return softplus(w * x) * x; }

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double w, double *x_bar, double *w_bar,
// CHECK: // softplus.h:4
// CHECK: std::log1p(
// CHECK: softplus_jvp
// CHECK-NOT: #include "softplus.h"

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double w, double x_dot, double w_dot, double *f_dot);
double f_grad(double x, double w, double *x_bar, double *w_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(5, 20, {{-2, 2}, {-2, 2}}, {0, 1},
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
