// Passive integers of every width, bool and enums (unscoped and enum
// class, as their underlying integer types) as parameters, locals, in
// arithmetic, comparisons and casts; long double as a floating type. The
// generated signatures spell the types as the user did (size_t and int64_t
// are `unsigned long` and `long` on LP64; an enum parameter is its
// underlying type, since the generated file does not see the enum).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstddef>
#include <cstdint>

enum Mode { Lin, Sq };
enum class Kind : short { A = 1, B = 2 };

#pragma adgen jvp grad
double ints(double x, char c, unsigned char uc, short s, unsigned short us,
            unsigned u, long l, unsigned long ul, long long ll, std::size_t n,
            std::int64_t i64, bool flag, Mode mode, Kind kind,
            const double *w) {
  Mode m = c > 0 ? Sq : Lin;
  double r = x * (c + uc + s + us) + u * x + l + ul * 0.5 + ll * x + n + i64;
  if (m == Sq && flag && mode == Sq)
    r = r * x;
  if (kind == Kind::B)
    r += static_cast<int>(kind) * x;
  for (std::size_t j = 0; j < n; ++j)
    r += w[j] * static_cast<short>(j);
  signed char sc = static_cast<signed char>(s);
  unsigned short wrap = static_cast<unsigned short>(us + 65535); // us - 1
  return r + sc * x + wrap * x * x;
}

#pragma adgen jvp grad
long double ld(long double x, long double y, int k) {
  long double t = x * y + 0.1L * k;
  long double s = t * t - static_cast<long double>(k) / 3;
  return s / (1 + y * y) + static_cast<double>(x);
}

// CHECK-LABEL: ADGEN_HD double ints_grad(double x, char c, unsigned char uc, short s,
// CHECK-NEXT: unsigned short us, unsigned u, long l,
// CHECK-NEXT: unsigned long ul, long long ll, unsigned long n,
// CHECK-NEXT: long i64, bool flag, unsigned mode, short kind,
// CHECK: signed char sc
// CHECK-LABEL: ADGEN_HD long double ld_grad(long double x, long double y, int k,
// CHECK-NEXT: long double *x_bar, long double *y_bar,
// CHECK-NEXT: long double ld_bar = 1.0L) {
// CHECK: 0.1L

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double ints_jvp(double x, char c, unsigned char uc, short s, unsigned short us,
                unsigned u, long l, unsigned long ul, long long ll,
                unsigned long n, long i64, bool flag, unsigned mode,
                short kind, const double *w, double x_dot, const double *w_dot,
                double *f_dot);
double ints_grad(double x, char c, unsigned char uc, short s,
                 unsigned short us, unsigned u, long l, unsigned long ul,
                 long long ll, unsigned long n, long i64, bool flag,
                 unsigned mode, short kind, const double *w, double *x_bar,
                 double *w_bar, double f_bar);
long double ld_jvp(long double x, long double y, int k, long double x_dot,
                   long double y_dot, long double *f_dot);
long double ld_grad(long double x, long double y, int k, long double *x_bar,
                    long double *y_bar, long double f_bar);
int main() {
  using fd::Vec;
  for (int flag = 0; flag < 2; ++flag)
    for (int kind = 1; kind <= 2; ++kind) {
      char c = char(flag ? 3 : -2);
      auto call = [&](const Vec &a, auto fn) {
        double w[3] = {a[1], a[2], a[3]};
        return fn(a[0], w);
      };
      fd::check_scalar_grad(10 * flag + kind, 5,
          {{-1.5, 1.5}, {-1, 1}, {-1, 1}, {-1, 1}}, {0, 1, 2, 3},
          [&](const Vec &a) {
            return call(a, [&](double x, const double *w) {
              return ints(x, c, 200, -7, 3, 40u, -5l, 9ul, -3ll, 3, -11,
                          flag, Sq, Kind(kind), w);
            });
          },
          [&](const Vec &a, const Vec &e, double *dot) {
            double wd[3] = {e[1], e[2], e[3]};
            return call(a, [&](double x, const double *w) {
              return ints_jvp(x, c, 200, -7, 3, 40u, -5l, 9ul, -3ll, 3,
                              -11, flag, Sq, short(kind), w, e[0], wd, dot);
            });
          },
          [&](const Vec &a, double fbar, Vec &bar) {
            double wb[3] = {bar[1], bar[2], bar[3]};
            double v = call(a, [&](double x, const double *w) {
              return ints_grad(x, c, 200, -7, 3, 40u, -5l, 9ul, -3ll, 3,
                               -11, flag, Sq, short(kind), w, &bar[0], wb,
                               fbar);
            });
            bar[1] = wb[0], bar[2] = wb[1], bar[3] = wb[2];
            return v;
          });
    }
  for (int k = -2; k <= 2; ++k)
    fd::check_scalar_grad(40 + k, 5, {{-2, 2}, {-2, 2}}, {0, 1},
        [&](const Vec &a) { return double(ld(a[0], a[1], k)); },
        [&](const Vec &a, const Vec &e, double *dot) {
          long double d = 0, v = ld_jvp(a[0], a[1], k, e[0], e[1], &d);
          *dot = double(d);
          return double(v);
        },
        [&](const Vec &a, double fbar, Vec &bar) {
          long double b0 = bar[0], b1 = bar[1];
          long double v = ld_grad(a[0], a[1], k, &b0, &b1, fbar);
          bar[0] = double(b0), bar[1] = double(b1);
          return double(v);
        });
  return fd::finish();
}
#endif
