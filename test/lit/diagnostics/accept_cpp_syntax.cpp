// Constructs that used to get messages naming Clang's AST classes and are
// now accepted: [[likely]] / [[unlikely]] ("statement 'AttributedStmt'"),
// a local struct definition and a local enum ("statement 'CXXRecord'",
// "statement 'Enum'"), braced scalar initialization ("expression
// 'InitListExpr'"), if constexpr, and local references bound to a variable
// or a temporary (called a "local pointer variable"). Both modes against
// finite differences.
// RUN: adgen %s -o %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp grad
double f(double x, double y) {
  struct Unused { double a; };
  enum Mode { Linear, Square };
  Mode m = x > 0 ? Square : Linear;
  double z{x * y}, zero{};
  double &r = z;        // another name for z
  r *= 2.0;
  const double &t = x + y; // bound to a temporary: a copy
  if (m == Square) [[likely]] {
    z += x * x;
  } else [[unlikely]] {
    z -= y;
  }
  if constexpr (sizeof(double) == 8)
    z += t * t;
  else
    z = 0;
  return z + zero + static_cast<int>(m);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double y_dot, double *f_dot);
double f_grad(double x, double y, double *x_bar, double *y_bar,
              double f_bar = 1.0);
int main() {
  fd::check_scalar_grad(8, 20, {{-2, 2}, {-2, 2}}, {0, 1},
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
