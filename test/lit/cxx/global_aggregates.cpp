// Reads of mutable global arrays and structs (SPEC §5: mutable globals are
// read as passive values), as Clad's StructGlobalObjects test writes them:
// `Complex c(7, 9);` with a constructor and default member initializers,
// `Array array;` holding `double data[5]`, a global `double w[4]` indexed
// in a loop and passed to a `const double *` helper, a method called on a
// global object, and a struct in a namespace. The generated code reads
// them by name (`::c.real`, `::w[i]`) through `extern` declarations, one
// per global, those of user types after the copied definitions. The
// driver changes the globals between runs: the derivatives follow.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: printf '#include "%s"\n#define ADGEN_NO_USER_TYPES\n#include "%t.cpp"\n' %s > %t.tu.cpp
// RUN: %cxx -Wno-unknown-pragmas -c %t.tu.cpp -o %t.tu.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Complex {
  Complex(double preal, double pim) : real(preal), im(pim) {}
  double real = 0, im = 0;
  int uses = 2;
  double norm2() const { return real * real + im * im; }
};

struct Array {
  double data[5];
};

Complex c(7, 9);
Array array;
double w[4] = {0.5, -1.0, 2.0, 0.25};
namespace cfg {
struct Gains {
  double k[2];
  double bias;
} gains{{1.5, -0.5}, 0.125};
} // namespace cfg

static double weighted(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * x[i];
  return s;
}

// CHECK: extern double w[4];
// CHECK: // Complex, as global_aggregates.cpp:{{[0-9]+}} defines it
// CHECK: extern Array array;
// CHECK-NEXT: extern Complex c;
// CHECK-NEXT: namespace cfg {
// CHECK-NEXT: extern Gains gains;
// CHECK-LABEL: ADGEN_HD double fn_complex_grad(
// CHECK: ::c.real * i
#pragma adgen jvp grad
double fn_complex(double i, double j) { return c.real * i + c.im * j; }

#pragma adgen jvp grad
double fn_array(double i, double j) {
  return array.data[0] * i + array.data[1] * j;
}

#pragma adgen jvp grad
double mixed(const double *x, double y) {
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += std::sin(w[i] * x[i]) * y;
  s += weighted(x, 4) * c.norm2() * c.uses;
  return s + cfg::gains.k[1] * y * y + cfg::gains.bias * x[3];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double fn_complex_jvp(double i, double j, double i_dot, double j_dot,
                      double *fn_complex_dot);
double fn_complex_grad(double i, double j, double *i_bar, double *j_bar,
                       double fn_complex_bar = 1.0);
double fn_array_jvp(double i, double j, double i_dot, double j_dot,
                    double *fn_array_dot);
double fn_array_grad(double i, double j, double *i_bar, double *j_bar,
                     double fn_array_bar = 1.0);
double mixed_jvp(const double *x, double y, const double *x_dot, double y_dot,
                 double *mixed_dot);
double mixed_grad(const double *x, double y, double *x_bar, double *y_bar,
                  double mixed_bar = 1.0);

using fd::Vec;

int main() {
  fd::Rng rng(23);
  for (int t = 0; t < 12; ++t) {
    c = Complex(rng.uniform(-2, 2), rng.uniform(-2, 2));
    c.uses = t % 3;
    for (double &d : array.data)
      d = rng.uniform(-2, 2);
    for (double &d : w)
      d = rng.uniform(-1.5, 1.5);
    cfg::gains.k[1] = rng.uniform(-1, 1);
    fd::check_scalar_grad(std::uint64_t(t), 4, {{-2, 2}, {-1.5, 1.5}}, {0, 1},
        [](const Vec &a) { return fn_complex(a[0], a[1]); },
        [](const Vec &a, const Vec &e, double *dot) {
          return fn_complex_jvp(a[0], a[1], e[0], e[1], dot);
        },
        [](const Vec &a, double fbar, Vec &bar) {
          return fn_complex_grad(a[0], a[1], &bar[0], &bar[1], fbar);
        });
    fd::check_scalar_grad(std::uint64_t(t), 4, {{-2, 2}, {-1.5, 1.5}}, {0, 1},
        [](const Vec &a) { return fn_array(a[0], a[1]); },
        [](const Vec &a, const Vec &e, double *dot) {
          return fn_array_jvp(a[0], a[1], e[0], e[1], dot);
        },
        [](const Vec &a, double fbar, Vec &bar) {
          return fn_array_grad(a[0], a[1], &bar[0], &bar[1], fbar);
        });
    Vec x = rng.vec(5, -1.5, 1.5);
    fd::check_grad("mixed", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{mixed(z.data(), z[4])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{mixed_jvp(z.data(), z[4], zd.data(), zd[4], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{mixed_grad(z.data(), z[4], zb->data(), &(*zb)[4], yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
