// A user-defined operator of an enum and a double, called from
// differentiated code (it was refused: "a call to 'operator*'"): its
// derivative is an internal function named in words, adgen_operator_times_*.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe

enum Unit { Metre, Foot };
double operator*(Unit u, double x) { return u == Metre ? x : 0.3048 * x; }

#pragma adgen jvp grad
double f(double x) { return (Foot * x) * (Metre * x); }

// CHECK-LABEL: ADGEN_HD double f_grad(double x, double *x_bar, double f_bar = 1.0) {
// CHECK: adgen_operator_times_jvp_01(

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double x_dot, double *f_dot);
double f_grad(double x, double *x_bar, double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(1, 20, {{-3, 3}}, {0},
      [](const fd::Vec &a) { return f(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return f_grad(a[0], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
