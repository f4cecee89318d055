// `p = (T *)realloc(p, n * sizeof(T))` on a heap scratch local at the
// function's top level (Clad's ForwardMode_Misc fn7): a new scratch array
// holding the old one's first min(old, new) elements; later accesses are
// the new array's, so the derivative flows through the copy. Inside a
// branch or loop it is refused (the accesses after it would not know
// which array they reach).
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
// RUN: sed -e 's|^  q = (double \*)realloc(q, 3 \* sizeof(double));|  if (n > 1) q = (double *)realloc(q, 3 * sizeof(double));|' %s > %t.branch.cpp
// RUN: not adgen %t.branch.cpp -o %t.branch.out.cpp 2>&1 | FileCheck %s --check-prefix=BRANCH
// BRANCH: error: 'realloc(q, 3 * sizeof(double))' is an allocation adgen cannot size
#include <cstdlib>

struct T {
  double i;
  int k;
};

// CHECK-LABEL: double fn7_grad(
// CHECK: for (long realloc_i = 0; realloc_i < {{v[0-9]+}}; ++realloc_i) {
// CHECK-NEXT: p_1[realloc_i] = p[realloc_i];
#pragma adgen jvp grad
double fn7(double i) {
  double *p = (double *)malloc(8UL /*sizeof(double)*/);
  *p = i;
  T *t = (T *)calloc(1, sizeof(T));
  t->i = i;
  double res = *p + t->i;
  p = (double *)realloc(p, 2 * sizeof(double));
  p[1] = 2 * i;
  res += p[1] * p[0];
  free(t);
  free(p);
  return res;
}

// Grown then shrunk: the shrink keeps the first element only.
#pragma adgen jvp grad
double grown(const double *x, int n) {
  double *q = (double *)malloc(n * sizeof(double));
  for (int k = 0; k < n; ++k)
    q[k] = x[k] * x[k];
  q = (double *)realloc(q, 3 * sizeof(double));
  q[n < 3 ? n : 2] = x[0];
  q = (double *)realloc(q, sizeof(double));
  double r = q[0] * x[n - 1];
  free(q);
  return r;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(17);
  for (int t = 0; t < 20; ++t) {
    Vec x0 = rng.vec(1, -1.5, 1.5);
    fd::check_grad("fn7", fd::at(x0), x0, 1,
        [&](const Vec &z) { return Vec{fn7(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{fn7_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{fn7_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    int n = rng.integer(1, 4);
    Vec g0 = rng.vec(n, -1.5, 1.5);
    fd::check_grad("grown", fd::at(g0), g0, g0.size(),
        [&](const Vec &z) { return Vec{grown(z.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{grown_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{grown_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
