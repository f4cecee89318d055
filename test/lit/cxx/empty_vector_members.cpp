// A std::vector member that a local struct's implicit default constructor
// leaves empty (Clad's Gradient_StructsInLoops fn3): its size() is 0 and
// empty() true, and resizing it is refused, so it stays so.
// Against central differences and the dot-product test, float and double.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

struct Bag {
  float w;
  std::vector<float> items;
};
struct Hist {
  double scale;
  std::vector<double> bins;
};

// CHECK-LABEL: float fn3_grad(
// CHECK: unsigned long items_size = 0;
#pragma adgen jvp grad
float fn3(float a) {
  float result = 0;
  for (int i = 0; i < 3; i++) {
    Bag s;
    s.w = a * static_cast<float>(i);
    float size = 1;
    if (!s.items.size())
      size = 0;
    result += size + s.w * a * (s.items.empty() ? 2.0f : 1.0f);
  }
  return result;
}

#pragma adgen jvp grad
double counted(double x) {
  Hist h;
  h.scale = std::sin(x);
  return h.scale * static_cast<double>(h.bins.size() + 1) * x;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 20; ++t) {
    Vec x0 = rng.vec(1, -1.5, 1.5);
    fd::check_grad("counted", fd::at(x0), x0, 1,
        [&](const Vec &z) { return Vec{counted(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{counted_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{counted_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
    float a = float(x0[0]), ab = 0, ad = 0;
    float y = fn3_grad(a, &ab, 1.0f);
    float yj = fn3_jvp(a, 1.0f, &ad);
    fd::check_close("fn3 value", fd::at(x0), y, fn3(a), 0, 0);
    fd::check_close("fn3 jvp value", fd::at(x0), yj, fn3(a), 0, 0);
    double want = 2.0 * 2.0 * 3.0 * double(a); // d/da of sum_i 2 i a^2
    fd::check_close("fn3 a_bar", fd::at(x0), ab, want, 1e-5, 1e-5);
    fd::check_close("fn3 a_dot", fd::at(x0), ad, want, 1e-5, 1e-5);
    fd::check_close("fn3 against differences", fd::at(x0), ab,
                    fd::central_f([&](float v) { return fn3(v); }, a), 2e-2,
                    2e-2);
  }
  return fd::finish();
}
#endif
