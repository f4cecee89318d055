// Functions in namespaces calling helpers of other namespaces: the helpers'
// tangents are emitted in the helpers' namespaces and called qualified, so
// two helpers of one name (a::h, b::h) stay apart; the same for a global
// caller of a namespaced helper and a namespaced caller of a global one.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
// RUN: adgen %s -o %t.cu
// RUN: %cxx -x c++ -c %t.cu -o %t.cu.o
#include <cmath>

double glob_sq(double x) { return x * x; }
namespace detail {
inline double sq(double x) { return x * x; }
}
namespace util {
double sq(double x) { return 3.0 * x * x; }
}
namespace a {
double h(double x) { return std::sin(x); }
}
namespace b {
double h(double x) { return std::cos(x); }
namespace inner {
double h(double x) { return std::exp(0.5 * x) + glob_sq(x); }
} // namespace inner
} // namespace b

namespace phys {
#pragma adgen jvp grad
double energy(double x, double y) {
  return detail::sq(x) + a::h(x) * b::h(y) + b::inner::h(x * y);
}
} // namespace phys

#pragma adgen jvp grad
double total(double x, double y) { return util::sq(x) + phys::energy(x, y); }

// CHECK-LABEL: namespace b::inner {
// CHECK: ::adgen_glob_sq_jvp_1(
// CHECK-LABEL: double energy_jvp(
// CHECK-DAG: ::detail::adgen_sq_jvp_1(x, x_dot,
// CHECK-DAG: ::a::adgen_h_jvp_1(x, x_dot,
// CHECK-DAG: ::b::adgen_h_jvp_1(y, y_dot,
// CHECK-DAG: ::b::inner::adgen_h_jvp_1(
// CHECK-LABEL: double total_jvp(
// CHECK-DAG: ::util::adgen_sq_jvp_1(x, x_dot,
// CHECK-DAG: ::phys::adgen_energy_jvp_11(x, y,

#ifdef ADGEN_DRIVER
#include "fd_check.h"
namespace phys {
double energy_jvp(double, double, double, double, double *);
double energy_grad(double, double, double *, double *, double = 1.0);
} // namespace phys
double total_jvp(double, double, double, double, double *);
double total_grad(double, double, double *, double *, double = 1.0);
int main() {
  fd::check_scalar_grad(3, 10, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &v) { return phys::energy(v[0], v[1]); },
      [](const fd::Vec &v, const fd::Vec &e, double *dot) {
        return phys::energy_jvp(v[0], v[1], e[0], e[1], dot);
      },
      [](const fd::Vec &v, double fb, fd::Vec &bar) {
        return phys::energy_grad(v[0], v[1], &bar[0], &bar[1], fb);
      });
  fd::check_scalar_grad(4, 10, {{-2, 2}, {-2, 2}}, {0, 1},
      [](const fd::Vec &v) { return total(v[0], v[1]); },
      [](const fd::Vec &v, const fd::Vec &e, double *dot) {
        return total_jvp(v[0], v[1], e[0], e[1], dot);
      },
      [](const fd::Vec &v, double fb, fd::Vec &bar) {
        return total_grad(v[0], v[1], &bar[0], &bar[1], fb);
      });
  return fd::finish();
}
#endif
