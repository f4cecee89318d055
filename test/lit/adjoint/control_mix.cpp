// Reverse mode of control flow and assignments in combination: parameters
// reassigned in the body, a do-while with continue around a for with a
// break, an early return from inside two nested loops, an array element
// updated from itself and a neighbour that may be itself (a[i] += a[i]*a[j]),
// a written array read at a rotated index and updated by a helper, and pow
// with an int loop index as exponent, unary minus and /= on array elements.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

void add_squares(const double *a, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] += a[i] * a[i];
}

#pragma adgen jvp grad
double reassign(double x, double y) {
  x = x * y + 1.0;
  y += x;
  x *= y;
  return x + y;
}

#pragma adgen jvp grad
double do_continue(double x) {
  double s = 1.0;
  int i = 0;
  do {
    ++i;
    if (i % 2 == 0)
      continue;
    for (int j = 0; j < 5; ++j) {
      if (j > i)
        break;
      s = s * x + j;
    }
  } while (i < 6);
  return s;
}

#pragma adgen jvp(x) grad(x)
double nested_return(double x, int n) {
  double s = x;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      s = std::sin(s) + x * j;
      if (i * n + j == 7)
        return s * s;
    }
  return s;
}

#pragma adgen jvp(x) grad(x)
double self_update(const double *x, int n) {
  double a[6];
  for (int i = 0; i < n; ++i)
    a[i] = x[i];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i] += a[i] * a[j] * 0.1;
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

#pragma adgen jvp(x) grad(x)
void rotate(const double *x, double *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = x[i] * out[(i + 1) % n];
  add_squares(x, out, n);
  out[n - 1] = out[0] * 2.0;
}

#pragma adgen jvp grad
double powint(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 5; ++i) {
    s += std::pow(x, i) * std::atan2(y, 2.0) - std::pow(2.0, x * i);
    s = -s;
  }
  double a[3] = {x, y, x / y};
  for (int i = 0; i < 3; ++i) {
    a[i] = -a[i];
    a[i] /= a[i] * a[i] + 1.0;
    a[(i + 1) % 3] -= a[i] / y;
  }
  return s + (x > 0.5 ? std::fmax(a[0], a[1]) : std::fmin(a[1], a[2]));
}

// CHECK-LABEL: ADGEN_HD double reassign_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK-NEXT: double reassign_bar = 1.0) {
// CHECK-DAG: {{\*x_bar \+?=}}
// CHECK-DAG: {{\*y_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double do_continue_grad(double x, double *x_bar,
// CHECK-NEXT: double do_continue_bar = 1.0) {
// CHECK: for (int [[K:k[_0-9]*]] = 0; [[K]] < {{.+}}; ++[[K]]) {
// CHECK: {{\*x_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double nested_return_grad(double x, int n, double *x_bar,
// CHECK-NEXT: double nested_return_bar = 1.0) {
// CHECK: {{\*x_bar \+?=}}
// CHECK-LABEL: ADGEN_HD double self_update_grad(const double *x, int n, double *x_bar,
// CHECK-NEXT: double self_update_bar = 1.0) {
// CHECK: a_bar[{{.+}}] +=
// CHECK-LABEL: ADGEN_HD void rotate_grad(const double *x, double *out, int n, double *x_bar,
// CHECK-NEXT: double *out_bar) {
// CHECK: out_bar[{{.+}}] +=
// CHECK-LABEL: ADGEN_HD double powint_grad(double x, double y, double *x_bar, double *y_bar,
// CHECK: std::log(2.0)

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double reassign_jvp(double x, double y, double x_dot, double y_dot, double *d);
double reassign_grad(double x, double y, double *x_bar, double *y_bar,
                     double reassign_bar = 1.0);
double do_continue_jvp(double x, double x_dot, double *d);
double do_continue_grad(double x, double *x_bar, double do_continue_bar = 1.0);
double nested_return_jvp(double x, int n, double x_dot, double *d);
double nested_return_grad(double x, int n, double *x_bar,
                          double nested_return_bar = 1.0);
double self_update_jvp(const double *x, int n, const double *x_dot, double *d);
double self_update_grad(const double *x, int n, double *x_bar,
                        double self_update_bar = 1.0);
void rotate_jvp(const double *x, double *out, int n, const double *x_dot,
                double *out_dot);
void rotate_grad(const double *x, double *out, int n, double *x_bar,
                 double *out_bar);
double powint_jvp(double x, double y, double x_dot, double y_dot, double *d);
double powint_grad(double x, double y, double *x_bar, double *y_bar,
                   double powint_bar = 1.0);
using fd::Vec;
int main() {
  fd::check_scalar_grad(43, 20, {{-1, 1}, {-1, 1}}, {0, 1},
      [](const Vec &a) { return reassign(a[0], a[1]); },
      [](const Vec &a, const Vec &e, double *d) { return reassign_jvp(a[0], a[1], e[0], e[1], d); },
      [](const Vec &a, double fb, Vec &b) { return reassign_grad(a[0], a[1], &b[0], &b[1], fb); });
  fd::check_scalar_grad(44, 20, {{-1.2, 1.2}}, {0},
      [](const Vec &a) { return do_continue(a[0]); },
      [](const Vec &a, const Vec &e, double *d) { return do_continue_jvp(a[0], e[0], d); },
      [](const Vec &a, double fb, Vec &b) { return do_continue_grad(a[0], &b[0], fb); });
  for (int n = 0; n < 5; ++n)  // n = 3, 4 return from inside the loops
    fd::check_scalar_grad(45 + n, 6, {{-1.2, 1.2}}, {0},
        [n](const Vec &a) { return nested_return(a[0], n); },
        [n](const Vec &a, const Vec &e, double *d) { return nested_return_jvp(a[0], n, e[0], d); },
        [n](const Vec &a, double fb, Vec &b) { return nested_return_grad(a[0], n, &b[0], fb); });
  fd::Rng prng(49);
  for (int k = 0; k < 20;) {
    double x = prng.uniform(0.2, 1.5), y = prng.uniform(0.5, 2);
    if (std::fabs(x - 0.5) < 1e-3) continue;
    ++k;
    fd::check_grad("powint", fd::at({x, y}), {x, y}, 2,
        [](const Vec &a) { return Vec{powint(a[0], a[1])}; },
        [](const Vec &a, const Vec &ad, Vec *yd) {
          return Vec{powint_jvp(a[0], a[1], ad[0], ad[1], &(*yd)[0])};
        },
        [](const Vec &a, const Vec &yb, Vec *ab) {
          return Vec{powint_grad(a[0], a[1], &(*ab)[0], &(*ab)[1], yb[0])};
        },
        prng);
  }
  fd::Rng rng(50);
  for (int k = 0; k < 18; ++k) {
    int n = 1 + k % 6;
    Vec x = rng.vec(n, -1, 1);
    fd::check_grad("self_update", fd::at(x), x, n,
        [n](const Vec &a) { return Vec{self_update(a.data(), n)}; },
        [n](const Vec &a, const Vec &ad, Vec *yd) {
          return Vec{self_update_jvp(a.data(), n, ad.data(), &(*yd)[0])};
        },
        [n](const Vec &a, const Vec &yb, Vec *ab) {
          return Vec{self_update_grad(a.data(), n, ab->data(), yb[0])};
        },
        rng);
    // rotate: inputs x, then out's initial value; output out.
    Vec z = rng.vec(2 * n, -1, 1);
    fd::check_grad("rotate", fd::at(z), z, n,
        [n](const Vec &a) {
          Vec o(a.begin() + n, a.end());
          rotate(a.data(), o.data(), n);
          return o;
        },
        [n](const Vec &a, const Vec &ad, Vec *yd) {
          Vec o(a.begin() + n, a.end());
          *yd = Vec(ad.begin() + n, ad.end());
          rotate_jvp(a.data(), o.data(), n, ad.data(), yd->data());
          return o;
        },
        [n](const Vec &a, const Vec &yb, Vec *ab) {
          Vec o(a.begin() + n, a.end()), ob = yb;
          rotate_grad(a.data(), o.data(), n, ab->data(), ob.data());
          for (int i = 0; i < n; ++i) (*ab)[n + i] = ob[i];
          return o;
        },
        rng);
  }
  return fd::finish();
}
#endif
