// A `#pragma adgen` in a header included with quotes applies there as in
// the input file: bump's derivatives are emitted. A directive before an
// #include line applies to the next definition of its own file (loss, after
// the include), not to one inside the header. Both modes against finite
// differences; the generated file does not include the user's headers.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include "Inputs/model.h"

#pragma adgen jvp grad
#include "Inputs/plain.h"
double loss(double x, double w) { return bump(x, w) + twice(x) * w; }

// CHECK-NOT: #include "
// CHECK-LABEL: ADGEN_HD double bump_grad(double x, double w, double *x_bar, double *w_bar,
// CHECK-LABEL: ADGEN_HD double bump_jvp(
// CHECK-LABEL: ADGEN_HD double loss_grad(
// CHECK-LABEL: ADGEN_HD double loss_jvp(
// CHECK-NOT: twice_grad

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double bump_jvp(double x, double w, double x_dot, double w_dot, double *f_dot);
double bump_grad(double x, double w, double *x_bar, double *w_bar, double f_bar);
double loss_jvp(double x, double w, double x_dot, double w_dot, double *f_dot);
double loss_grad(double x, double w, double *x_bar, double *w_bar, double f_bar);
int main() {
  using fd::Vec;
  fd::check_scalar_grad(1, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const Vec &a) { return bump(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return bump_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return bump_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  fd::check_scalar_grad(2, 20, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const Vec &a) { return loss(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *dot) {
        return loss_jvp(a[0], a[1], e[0], e[1], dot);
      },
      [](const Vec &a, double fbar, Vec &bar) {
        return loss_grad(a[0], a[1], &bar[0], &bar[1], fbar);
      });
  return fd::finish();
}
#endif
