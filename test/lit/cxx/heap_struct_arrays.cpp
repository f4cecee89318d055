// Heap scratch arrays of structs (SPEC §5 heap locals): `new T[n]`,
// `(T *)malloc(sizeof(T) * n)`, `(T *)calloc(n, sizeof(T))`, a local
// `std::vector<T> v(n)` and a copy `std::vector<T> c = ps;` of a parameter,
// written member by member and by whole elements, passed to a `const T *`
// helper, iterated by reference and with a moving pointer, then freed.
// Each is one zero-filled adgen::Scratch per member, strided as the
// struct's layout. f_grad and f_jvp against central differences and the
// dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstdlib>
#include <vector>

struct T {
  double x;
  int y;
  double w[2];
};

static double sumx(const T *t, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += t[i].x * t[i].w[1] + t[i].y;
  return s;
}

// CHECK-LABEL: ADGEN_HD double heap_grad(
// CHECK: long t_x_size = static_cast<long>(n) * 4;
// CHECK-NEXT: adgen::Scratch<double> t_x(t_x_size);
#pragma adgen jvp grad
double heap(const double *a, int n) {
  T *t = new T[n];
  T *m = (T *)malloc(sizeof(T) * n);
  T *c = (T *)calloc(n, sizeof(T));
  for (int i = 0; i < n; ++i) {
    t[i].x = a[i] * a[i];
    t[i].w[1] = std::sin(a[i]);
    t[i].y = i;
    m[i] = t[i];
    c[i].x = m[i].x + 1;
    c[i].w[1] = 2.0;
  }
  std::vector<T> v(n);
  v[0].x = a[0];
  v[0].w[1] = 3.0 * a[n - 1];
  double r = sumx(t, n) + sumx(m, n) * a[0] + sumx(c, n) + sumx(v.data(), n);
  delete[] t;
  free(m);
  free(c);
  return r;
}

#pragma adgen jvp grad
double copied(const std::vector<T> &ps) {
  std::vector<T> c = ps;
  for (T &p : c)
    p.x *= p.w[0];
  double s = 0;
  for (const T *q = c.data(); q != c.data() + c.size(); ++q)
    s += q->x * q->x + ps[0].w[1];
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

static std::vector<T> toTs(const Vec &z, int n) {
  std::vector<T> ts;
  for (int i = 0; i < n; ++i) {
    std::size_t a = std::size_t(3 * i);
    ts.push_back(T{z[a], i - 1, {z[a + 1], z[a + 2]}});
  }
  return ts;
}

int main() {
  fd::Rng rng(8);
  for (int t = 0; t < 10; ++t) {
    int n = rng.integer(1, 6);
    Vec x = rng.vec(n, -1.5, 1.5);
    fd::check_grad("heap", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{heap(z.data(), n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{heap_jvp(z.data(), n, zd.data(), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{heap_grad(z.data(), n, zb->data(), yb[0])};
        },
        rng);
    Vec y = rng.vec(3 * n, -1.5, 1.5);
    fd::check_grad("copied", fd::at(y), y, y.size(),
        [&](const Vec &z) { return Vec{copied(toTs(z, n))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{copied_jvp(toTs(z, n), toTs(zd, n), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          std::vector<T> tb = toTs(*zb, n);
          double v = copied_grad(toTs(z, n), &tb, yb[0]);
          for (int i = 0; i < n; ++i) {
            std::size_t a = std::size_t(3 * i);
            (*zb)[a] = tb[std::size_t(i)].x;
            (*zb)[a + 1] = tb[std::size_t(i)].w[0];
            (*zb)[a + 2] = tb[std::size_t(i)].w[1];
            fd::check_equal("copied_grad y untouched", "", tb[std::size_t(i)].y,
                            i - 1);
          }
          return Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
