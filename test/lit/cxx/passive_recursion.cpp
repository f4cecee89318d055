// A recursive function of integers only (Enzyme's `factorial` in my_sin,
// mutual recursion too) needs no derivative: no active value goes in or
// comes out (SPEC §5, calls whose arguments are all inactive). Its call is
// kept as written against the user's definition, declared in the output.
// A recursion with an active argument stays refused (issue 12).
// Against central differences and the dot-product test.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <cstdint>

// CHECK-DAG: uint64_t factorial(uint64_t x);
// CHECK-DAG: bool is_even(int n);
// CHECK-NOT: return x * factorial
uint64_t factorial(uint64_t x) {
  if (x == 0)
    return 1;
  return x * factorial(x - 1);
}

bool is_odd(int n);
bool is_even(int n) { return n == 0 ? true : is_odd(n - 1); }
bool is_odd(int n) { return n == 0 ? false : is_even(n - 1); }

// CHECK-LABEL: double my_sin_grad(
// CHECK: ::factorial(
#pragma adgen jvp grad
double my_sin(double x) {
  double result = 0;
  uint64_t N = 12;
  for (uint64_t i = 0; i <= N; i++) {
    if (is_even(static_cast<int>(i)))
      continue;
    double sign = (i % 4 == 1) ? 1.0 : -1.0;
    result += sign * std::pow(x, static_cast<double>(i)) /
              static_cast<double>(factorial(i));
  }
  return result * std::cos(x);
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(5);
  for (int t = 0; t < 30; ++t) {
    Vec x = rng.vec(1, -2.5, 2.5);
    fd::check_grad("my_sin", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{my_sin(z[0])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{my_sin_jvp(z[0], zd[0], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          return Vec{my_sin_grad(z[0], &(*zb)[0], yb[0])};
        },
        rng);
  }
  fd::check_close("my_sin(0.5) is sin(0.5) cos(0.5)", "0.5", my_sin(0.5),
                  std::sin(0.5) * std::cos(0.5), 1e-9, 1e-12);
  return fd::finish();
}
#endif
