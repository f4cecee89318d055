// Overloads whose flat signatures are the same (`sum(Tangent &)` is
// `double *t_data` flattened, like `sum(double *)`): internal callee
// derivatives get distinct names (adgen_sum_1_jvp_1), so the file compiles,
// and each call reaches its own overload (clad's Gradient/UserDefinedTypes
// fn2). Against central differences.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>

struct Tangent {
  double data[5];
};

static double sum(Tangent &t) {
  double res = 0;
  for (int i = 0; i < 5; ++i)
    res += t.data[i] * t.data[i];
  return res;
}

static double sum(double *data) {
  double res = 0;
  for (int i = 0; i < 5; ++i)
    res += std::sin(data[i]);
  return res;
}

// CHECK-DAG: adgen_sum_jvp_1(
// CHECK-DAG: adgen_sum_1_jvp_1(
#pragma adgen jvp grad
double fn2(Tangent t, double i) {
  double res = sum(t);
  res += sum(t.data) + i + 2 * t.data[0];
  return res;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

static Tangent tangent(const Vec &z) {
  Tangent t;
  for (int k = 0; k < 5; ++k)
    t.data[k] = z[std::size_t(k)];
  return t;
}

int main() {
  fd::Rng rng(8);
  for (int t = 0; t < 20; ++t) {
    Vec x = rng.vec(6, -1.5, 1.5);
    fd::check_grad("fn2", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{fn2(tangent(z), z[5])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{fn2_jvp(tangent(z), z[5], tangent(zd), zd[5], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Tangent tb = tangent(*zb);
          double ib = (*zb)[5];
          double v = fn2_grad(tangent(z), z[5], &tb, &ib, yb[0]);
          for (int k = 0; k < 5; ++k)
            (*zb)[std::size_t(k)] = tb.data[k];
          (*zb)[5] = ib;
          return Vec{v};
        },
        rng);
  }
  return fd::finish();
}
#endif
