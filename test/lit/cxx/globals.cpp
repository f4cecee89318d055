// Reads of mutable globals (SPEC §5): passive values, reached by name from
// the generated file through `extern` declarations (in their namespace), in
// the function and in a callee it calls; the output compiles alone and
// #included after the source.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: printf '#include "%s"\n#define ADGEN_NO_USER_TYPES\n#include "%t.cpp"\n' %s > %t.tu.cpp
// RUN: %cxx -Wno-unknown-pragmas -c %t.tu.cpp -o %t.tu.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

double scale = 2.5;
namespace cfg {
int order = 3;
float damping = 0.75f;
} // namespace cfg

static double helper(double x) { return scale * x * cfg::damping; }

#pragma adgen jvp grad
double f(double x, double y) {
  double s = 0;
  for (int i = 0; i < cfg::order; ++i)
    s += helper(x) * std::sin(x * y + i);
  return s * scale;
}

// CHECK: extern double scale;
// CHECK-NEXT: namespace cfg {
// CHECK-NEXT: extern float damping;
// CHECK-NEXT: extern int order;
// CHECK-LABEL: ADGEN_HD double f_grad(
// CHECK: ::scale

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  for (int order : {3, 5}) {
    cfg::order = order;
    scale = 1.5 + 0.25 * order;
    fd::check_scalar_grad(order, 20, {{-2, 2}, {-1.5, 1.5}}, {0, 1},
        [](const fd::Vec &a) { return f(a[0], a[1]); },
        [](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return f_jvp(a[0], a[1], e[0], e[1], dot);
        },
        [](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return f_grad(a[0], a[1], &bar[0], &bar[1], fbar);
        });
  }
  return fd::finish();
}
#endif
