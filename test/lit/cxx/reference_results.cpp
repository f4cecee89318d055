// Local references bound to places: to a call that returns its `double &`
// parameter, to a call returning a reference into an array it is given,
// to an array element inside a loop, to a member, and to a chained
// assignment (`((t *= a) += b) *= c`, itself a place). A call returning a
// reference is inlined; its return names the caller's variable or element.
// f_grad and f_jvp against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

static double &same(double &v) {
  v *= 1.5;
  return v;
}
static void scale(double *w, double k) {
  for (int i = 0; i < 3; ++i)
    w[i] *= k;
}
static double &middle(double *w, double k) {
  scale(w, k);
  return w[1];
}

// The call is inlined: `r` names p's cell, written where it stands.
// CHECK-LABEL: double bumped_jvp(
// CHECK-NOT: same(
#pragma adgen jvp grad
double bumped(double p, double q) {
  double &r = same(p);
  r += std::sin(q);
  double &s = same(r);
  s *= q;
  return p * q + r;
}

// CHECK-LABEL: double element_grad(
// CHECK: double middle_k_bar = 0.0;
#pragma adgen jvp grad
double element(double u, double v) {
  double w[3] = {u, v, u * v};
  double &mid = middle(w, u);
  mid += 2.0;
  double &last = w[2];
  last *= mid;
  return w[0] + mid * last;
}

// A reference to each element in turn.
// CHECK-LABEL: double walk_jvp(
// CHECK: ref_index
#pragma adgen jvp grad
double walk(double *xs, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double &ref = xs[i];
    ref *= ref;
    sum += ref * (i + 1);
  }
  return sum + xs[0];
}

// The element is the one `i` named where the reference was bound.
#pragma adgen jvp grad
double bound_once(double u, double v) {
  double w[2] = {u, v};
  int i = 0;
  double &r = w[i];
  i = 1;
  r *= w[i];
  return w[0] + w[1] * r;
}

#pragma adgen jvp grad
double chained(double a, double b) {
  double t = 1;
  ((t *= (a * b)) += b) *= a;
  double u[2] = {a, b};
  double &z = ((u[1] -= a) *= t);
  z += 1.0;
  return t * u[1];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double bumped_jvp(double p, double q, double p_dot, double q_dot,
                  double *bumped_dot);
double bumped_grad(double p, double q, double *p_bar, double *q_bar,
                   double bumped_bar = 1.0);
double element_jvp(double u, double v, double u_dot, double v_dot,
                   double *element_dot);
double element_grad(double u, double v, double *u_bar, double *v_bar,
                    double element_bar = 1.0);
double walk_jvp(double *xs, int n, double *xs_dot, double *walk_dot);
double walk_grad(double *xs, int n, double *xs_bar, double walk_bar = 1.0);
double bound_once_jvp(double u, double v, double u_dot, double v_dot,
                      double *bound_once_dot);
double bound_once_grad(double u, double v, double *u_bar, double *v_bar,
                       double bound_once_bar = 1.0);
double chained_jvp(double a, double b, double a_dot, double b_dot,
                   double *chained_dot);
double chained_grad(double a, double b, double *a_bar, double *b_bar,
                    double chained_bar = 1.0);

#define TWO(F, SEED, LO, HI)                                                  \
  fd::check_scalar_grad(SEED, 12, {{LO, HI}, {LO, HI}}, {0, 1},               \
      [](const fd::Vec &a) { return F(a[0], a[1]); },                          \
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {                    \
        return F##_jvp(a[0], a[1], e[0], e[1], dot);                           \
      },                                                                       \
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {                        \
        return F##_grad(a[0], a[1], &bar[0], &bar[1], fbar);                   \
      })

int main() {
  TWO(bumped, 1, -1.5, 1.5);
  TWO(element, 3, -1.5, 1.5);
  TWO(chained, 4, -1.5, 1.5);
  TWO(bound_once, 6, -1.5, 1.5);
  fd::Rng rng(5);
  for (int k = 0; k < 10; ++k) {
    fd::Vec x0 = rng.vec(4, -1.5, 1.5);
    // walk squares its input in place: y is the result, then xs.
    fd::check_grad("walk", fd::at(x0), x0, 0,
        [](const fd::Vec &z) {
          fd::Vec xs = z;
          double r = walk(xs.data(), 4);
          return fd::Vec{r, xs[0], xs[1], xs[2], xs[3]};
        },
        [](const fd::Vec &z, const fd::Vec &zd, fd::Vec *yd) {
          fd::Vec xs = z, xd = zd;
          double r = walk_jvp(xs.data(), 4, xd.data(), &(*yd)[0]);
          for (int i = 0; i < 4; ++i)
            (*yd)[i + 1] = xd[i];
          return fd::Vec{r, xs[0], xs[1], xs[2], xs[3]};
        },
        [](const fd::Vec &z, const fd::Vec &yb, fd::Vec *zb) {
          fd::Vec xs = z, xb{yb[1], yb[2], yb[3], yb[4]};
          double r = walk_grad(xs.data(), 4, xb.data(), yb[0]);
          for (int i = 0; i < 4; ++i)
            (*zb)[i] = xb[i];
          return fd::Vec{r, xs[0], xs[1], xs[2], xs[3]};
        },
        rng);
  }
  return fd::finish();
}
#endif
