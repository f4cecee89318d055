// Callees returning a pointer into their pointer argument: `*grow(&x)`,
// a pointer local from one (`double *tail = advance(buf, 2);`, which moves
// its parameter before returning it), a pointer parameter re-pointed by one
// (`p = touch(p, k);`), a returned pointer chosen on several paths, and
// pointer locals initialised with braces (`double *q{&x};`), and one
// returning nullptr on a path the caller does not take. Each call is
// inlined; the pointer it returns is its argument's array and an offset.
// f_grad and f_jvp against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

static double *grow(double *p) {
  *p = *p * *p + 1.0;
  return p;
}
static double *advance(double *p, int n) {
  p += n;
  return p;
}
static double *touch(double *p, double k) {
  p[0] *= k;
  return p + 1;
}
static double *pick(double *p, double s) {
  if (s > 0)
    return p + 1;
  p[0] -= s;
  return p;
}
static double first(const double *p) { return p[0] * p[1]; }

// CHECK-LABEL: double grown_jvp(
// CHECK-NOT: grow(
#pragma adgen jvp grad
double grown(double x) { return *grow(&x) * std::sin(x); }

// The offset the callee's moved parameter ends at.
// CHECK-LABEL: double tail_jvp(
// CHECK: advance_p_off += advance_n;
#pragma adgen jvp grad
double tail(double u, double v) {
  double buf[4] = {u, v, u * v, v - u};
  double *end = advance(buf, 2);
  *end += u;
  return end[0] * end[1] + first(advance(buf, 1));
}

#pragma adgen jvp grad
double braced(double x, double y) {
  double *q{&x};
  *q *= y;
  double w[2]{y, x};
  double *r{w + 1};
  *r += *q;
  return *q + w[0] * *r;
}

#pragma adgen jvp grad
double walked(const double *a, double *p) {
  double s = 0;
  double *cur = p;
  for (int i = 0; i < 2; ++i) {
    cur = touch(cur, a[i]);
    s += *pick(cur, a[i]) * a[i];
  }
  return s;
}

// A callee that returns nullptr on some path (Clad's ReverseForw `filter`):
// the caller dereferences the result, which is undefined there, so the
// other paths say where it points.
enum State { should_return, no_return };
static double *filter(double *p, State s) {
  if (s == State::should_return)
    return p;
  return nullptr;
}

// CHECK-LABEL: double filtered_jvp(
// CHECK-NOT: filter(
#pragma adgen jvp grad
double filtered(double x, double y) {
  return *filter(&x, State::should_return) * std::cos(y) + x * y;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double filtered_jvp(double x, double y, double x_dot, double y_dot,
                    double *filtered_dot);
double filtered_grad(double x, double y, double *x_bar, double *y_bar,
                     double filtered_bar = 1.0);
double grown_jvp(double x, double x_dot, double *grown_dot);
double grown_grad(double x, double *x_bar, double grown_bar = 1.0);
double tail_jvp(double u, double v, double u_dot, double v_dot,
                double *tail_dot);
double tail_grad(double u, double v, double *u_bar, double *v_bar,
                 double tail_bar = 1.0);
double braced_jvp(double x, double y, double x_dot, double y_dot,
                  double *braced_dot);
double braced_grad(double x, double y, double *x_bar, double *y_bar,
                   double braced_bar = 1.0);
double walked_jvp(const double *a, double *p, const double *a_dot,
                  double *p_dot, double *walked_dot);
double walked_grad(const double *a, double *p, double *a_bar, double *p_bar,
                   double walked_bar = 1.0);

#define TWO(F, SEED)                                                          \
  fd::check_scalar_grad(SEED, 12, {{-1.5, 1.5}, {-1.5, 1.5}}, {0, 1},         \
      [](const fd::Vec &a) { return F(a[0], a[1]); },                          \
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {                    \
        return F##_jvp(a[0], a[1], e[0], e[1], dot);                           \
      },                                                                       \
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {                        \
        return F##_grad(a[0], a[1], &bar[0], &bar[1], fbar);                   \
      })

int main() {
  fd::check_scalar_grad(1, 12, {{-1.5, 1.5}}, {0},
      [](const fd::Vec &a) { return grown(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return grown_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return grown_grad(a[0], &bar[0], fbar);
      });
  TWO(tail, 2);
  TWO(braced, 3);
  TWO(filtered, 5);
  fd::Rng rng(4);
  for (int k = 0; k < 12; ++k) {
    // x = (a[0], a[1], p[0..3]); y = (the result, p[0..3] at the end).
    fd::Vec x0 = rng.vec(6, -1.5, 1.5);
    if (std::fabs(x0[0]) < 1e-3 || std::fabs(x0[1]) < 1e-3)
      continue; // pick's branch
    fd::check_grad("walked", fd::at(x0), x0, 2,
        [](const fd::Vec &z) {
          double p[4] = {z[2], z[3], z[4], z[5]};
          double r = walked(z.data(), p);
          return fd::Vec{r, p[0], p[1], p[2], p[3]};
        },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          double p[4] = {z[2], z[3], z[4], z[5]};
          double pd[4] = {zd[2], zd[3], zd[4], zd[5]};
          double d = 0;
          double r = walked_jvp(z.data(), p, zd.data(), pd, &d);
          *yd = fd::Vec{d, pd[0], pd[1], pd[2], pd[3]};
          return fd::Vec{r, p[0], p[1], p[2], p[3]};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          double p[4] = {z[2], z[3], z[4], z[5]};
          double pb[4] = {yb[1], yb[2], yb[3], yb[4]};
          double r = walked_grad(z.data(), p, zb->data(), pb, yb[0]);
          for (int i = 0; i < 4; ++i)
            (*zb)[i + 2] = pb[i];
          return fd::Vec{r, p[0], p[1], p[2], p[3]};
        },
        rng);
  }
  return fd::finish();
}
#endif
