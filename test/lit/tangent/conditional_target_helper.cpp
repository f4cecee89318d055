// A helper called with no active argument runs as a renamed copy of the
// primal; a conditional assignment used as a statement there left its unused
// result variable behind (g++: set but not used). Found by scripts/fuzz,
// seed 1002.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double pick(double a, double b) {
  double lo = a, hi = b;
  (a < b ? lo : hi) = 0.5 * (a + b);
  return lo * hi;
}

#pragma adgen jvp grad
double f(double x) { return x * pick(1.5, 2.0) + pick(x, 0.5); }

// CHECK-LABEL: inline double adgen_pick(double a, double b)
// CHECK-NOT: assigned
// CHECK: return

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double, double, double *);
double f_grad(double, double *, double = 1.0);
int main() {
  fd::check_scalar_grad(5, 20, {{-2, 2}}, {0},
      [](const fd::Vec &v) { return f(v[0]); },
      [](const fd::Vec &v, const fd::Vec &e, double *dot) {
        return f_jvp(v[0], e[0], dot);
      },
      [](const fd::Vec &v, double fb, fd::Vec &bar) {
        return f_grad(v[0], &bar[0], fb);
      });
  return fd::finish();
}
#endif
