// Local arrays: 1-D with an initialiser (full and partial), and 2-D.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen jvp(x)
double f(double x, double y) {
  double c[4] = {1.0, x, x * x, y};
  double z[3] = {0};
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = c[i] * c[j + 1] + (i == j ? x : 0.0);
  double t = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      z[k] += m[i][k];
      t += m[i][k] * m[k][i];
    }
  return t + c[3] * z[0] + std::sin(z[2]);
}

// Each local array gets a tangent array of the same shape (2-D flattened or
// not), zero where the primal is a constant.
// CHECK-LABEL: ADGEN_HD double f_jvp(double x, double y, double x_dot, double *f_dot) {
// CHECK: double c[4]
// CHECK: double c_dot[4]
// CHECK: c_dot[1] = x_dot;
// CHECK: c_dot[2] = (x + x) * x_dot;
// CHECK: c_dot[3] = 0.0;
// CHECK: double z[3]
// CHECK: double z_dot[3]
// CHECK: double m{{\[9\]|\[3\]\[3\]}}
// CHECK: double m_dot{{\[9\]|\[3\]\[3\]}}
// CHECK: m_dot[
// CHECK: z_dot[k] +=
// CHECK: t_dot =
// CHECK: *f_dot =

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double f_jvp(double x, double y, double x_dot, double *f_dot);
int main() {
  fd::check_scalar_jvp(16, 20, {{-1.5, 1.5}, {-2, 2}}, {0},
      [](const fd::Vec &a) { return f(a[0], a[1]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return f_jvp(a[0], a[1], e[0], dot);
      });
  return fd::finish();
}
#endif
