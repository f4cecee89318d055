// std::optional of an integer as a parameter (SPEC §5 default arguments),
// as Clad's DefaultArgumentAdjoint test writes it: `std::optional<int>
// factor = std::nullopt` with `factor.value_or(2)`, called with the default,
// with a value and with another optional; `has_value()`, `*k`, `value()`
// and `if (k)`. The optional is passive, two leaves: the wrapper passes
// `factor.has_value(), factor.value_or(0)`. Against central differences and
// the dot-product test; nvcc compiles the output warning-free.
// REQUIRES: nvcc
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %nvcc -x cu -Werror all-warnings -c %t.cpp -o %t.cu.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <optional>

// CHECK: #include <optional>
// CHECK-LABEL: double configured_scale_grad(double value, std::optional<int> factor,
// CHECK: factor.has_value(),
// CHECK-NEXT: factor.value_or(0)
#pragma adgen jvp grad
double configured_scale(double value,
                        std::optional<int> factor = std::nullopt) {
  return value * factor.value_or(2);
}

#pragma adgen jvp grad
double use_default_factor(double value) { return configured_scale(value); }

#pragma adgen jvp grad
double explicit_factor(double value, const std::optional<int> &k) {
  double s = configured_scale(value, 3) + configured_scale(value * value, k);
  if (k.has_value() && *k > 1)
    s += std::sin(value) * k.value();
  if (k)
    s *= value;
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
double configured_scale_jvp(double value, std::optional<int> factor,
                            double value_dot, double *configured_scale_dot);
double configured_scale_grad(double value, std::optional<int> factor,
                             double *value_bar,
                             double configured_scale_bar = 1.0);
double use_default_factor_jvp(double value, double value_dot,
                              double *use_default_factor_dot);
double use_default_factor_grad(double value, double *value_bar,
                               double use_default_factor_bar = 1.0);
double explicit_factor_jvp(double value, const std::optional<int> &k,
                           double value_dot, double *explicit_factor_dot);
double explicit_factor_grad(double value, const std::optional<int> &k,
                            double *value_bar,
                            double explicit_factor_bar = 1.0);

int main() {
  for (std::optional<int> k : {std::optional<int>(), std::optional<int>(1),
                               std::optional<int>(4)}) {
    std::uint64_t seed = std::uint64_t(k.value_or(-1) + 2);
    fd::check_scalar_grad(seed, 10, {{-2, 2}}, {0},
        [&](const fd::Vec &a) { return configured_scale(a[0], k); },
        [&](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return configured_scale_jvp(a[0], k, e[0], dot);
        },
        [&](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return configured_scale_grad(a[0], k, &bar[0], fbar);
        });
    fd::check_scalar_grad(seed, 10, {{-2, 2}}, {0},
        [&](const fd::Vec &a) { return explicit_factor(a[0], k); },
        [&](const fd::Vec &a, const fd::Vec &e, double *dot) {
          return explicit_factor_jvp(a[0], k, e[0], dot);
        },
        [&](const fd::Vec &a, double fbar, fd::Vec &bar) {
          return explicit_factor_grad(a[0], k, &bar[0], fbar);
        });
  }
  fd::check_scalar_grad(7, 10, {{-2, 2}}, {0},
      [](const fd::Vec &a) { return use_default_factor(a[0]); },
      [](const fd::Vec &a, const fd::Vec &e, double *dot) {
        return use_default_factor_jvp(a[0], e[0], dot);
      },
      [](const fd::Vec &a, double fbar, fd::Vec &bar) {
        return use_default_factor_grad(a[0], &bar[0], fbar);
      });
  return fd::finish();
}
#endif
