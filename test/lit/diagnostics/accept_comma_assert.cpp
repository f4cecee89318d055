// The comma operator, as a value and as an lvalue (`(void)x, x`,
// `((void)a, b) * c`), and assert(...), which checks the primal and is left out of
// the derivative. They were refused as "expression 'this assignment target
// ...'" and "call to '__assert_fail' ... define '__assert_fail' in this
// file". Both modes against finite differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cassert>
#include <cmath>

#pragma adgen jvp grad
double f(double a, double b, double c) {
  assert(c > 0 && "c must be positive");
  double s = ((void)a, a) * b;
  int i = 0, j = 0;
  for (; i < 3; ++i, j += 2)
    s += ((void)a, b) * c + j;
  ((void)i, s) += std::sqrt(c);
  return s;
}

// The form from the issue, `return (a, b) * c;` (g++ warns that a has no
// effect).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-value"
#pragma adgen jvp grad
double g(double a, double b, double c) { return (a, b) * c; }
#pragma GCC diagnostic pop

// CHECK-LABEL: ADGEN_HD double f_grad(double a, double b, double c, double *a_bar,
// CHECK-NOT: {{assert ?\(|__assert}}
// CHECK: std::sqrt(c)
// CHECK-LABEL: ADGEN_HD double f_jvp(
// CHECK-NOT: {{assert ?\(|__assert}}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double a, double b, double c, double a_dot, double b_dot,
             double c_dot, double *f_dot);
double f_grad(double a, double b, double c, double *a_bar, double *b_bar,
              double *c_bar, double f_bar = 1.0);
double g_jvp(double a, double b, double c, double a_dot, double b_dot,
             double c_dot, double *g_dot);
double g_grad(double a, double b, double c, double *a_bar, double *b_bar,
              double *c_bar, double g_bar = 1.0);
int main() {
  fd::check_scalar_grad(3, 20, {{-2, 2}, {-2, 2}, {0.5, 2}}, {0, 1, 2},
      [](const fd::Vec &x) { return f(x[0], x[1], x[2]); },
      [](const fd::Vec &x, const fd::Vec &e, double *dot) {
        return f_jvp(x[0], x[1], x[2], e[0], e[1], e[2], dot);
      },
      [](const fd::Vec &x, double fbar, fd::Vec &bar) {
        return f_grad(x[0], x[1], x[2], &bar[0], &bar[1], &bar[2], fbar);
      });
  fd::check_scalar_grad(4, 10, {{-2, 2}, {-2, 2}, {-2, 2}}, {0, 1, 2},
      [](const fd::Vec &x) { return g(x[0], x[1], x[2]); },
      [](const fd::Vec &x, const fd::Vec &e, double *dot) {
        return g_jvp(x[0], x[1], x[2], e[0], e[1], e[2], dot);
      },
      [](const fd::Vec &x, double fbar, fd::Vec &bar) {
        return g_grad(x[0], x[1], x[2], &bar[0], &bar[1], &bar[2], fbar);
      });
  return fd::finish();
}
#endif
