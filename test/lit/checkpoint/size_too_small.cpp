// A size(p, EXPR) smaller than the extent the code indexes gave a snapshot
// too small and a wrong gradient without a word. Where adgen sees the
// extent (a loop with constant bounds) a smaller size is an error at the
// clause; where it cannot, -DADGEN_CHECKS (on in the test suite: %cxx) makes
// the generated code check every index of the array against the stated size
// and abort naming the source line.
// RUN: rm -rf %t && split-file %s %t
// RUN: not adgen %t/static.cpp -o %t/static_d.cpp 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: static.cpp:2:28: error: size(h, 2) is smaller than the 4 elements of 'h' the function uses
// STATIC: note: hint: give the extent the code indexes (size(h, 4)), or remove the clause
// RUN: not test -e %t/static_d.cpp
//
// RUN: adgen %t/dynamic.cpp -o %t/dynamic_d.cpp
// RUN: FileCheck %s --check-prefix=CODE < %t/dynamic_d.cpp
// CODE: h[ADGEN_INDEX(i, m, "h", "dynamic.cpp:8")] =
// RUN: %cxx -c %t/dynamic_d.cpp -o %t/dynamic_d.o
// RUN: %cxx -I%S/../Inputs -c %t/driver.cpp -o %t/driver.o
// RUN: %cxx %t/driver.o %t/dynamic_d.o -o %t/exe
// The stated size is right (m = n = 3): the gradient is checked.
// RUN: %t/exe 3 | FileCheck %s --check-prefix=GOOD
// GOOD: ok
// It is 1 for 3 elements: the first index past it aborts.
// RUN: not --crash %t/exe 1 | FileCheck %s --check-prefix=BAD
// BAD: adgen: ADGEN_CHECKS: index 1 of 'h' is outside size(h, m) = 1 at dynamic.cpp:8
// Without ADGEN_CHECKS the index is just the index.
// RUN: g++ -std=c++17 -O1 -Wall -Wextra -Werror -I%runtime_include -c %t/dynamic_d.cpp -o %t/unchecked.o
// RUN: %cxx %t/driver.o %t/unchecked.o -o %t/exe_unchecked
// RUN: %t/exe_unchecked 3 | FileCheck %s --check-prefix=GOOD

//--- static.cpp
#include <cmath>
#pragma adgen grad size(h, 2)
double g(const double *x, double *h, int T) {
  double s = 0;
  #pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < 4; ++i) {
      h[i] = std::tanh(h[i] * x[t]);
      s += h[i];
    }
  return s;
}

//--- dynamic.cpp
#include <cmath>
#pragma adgen grad(x) size(h, m)
double f(const double *x, double *h, int n, int T, int m) {
  double s = 0;
  #pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < n; ++i) {
      h[i] = std::tanh(h[i] * x[t] + 0.1 * i);
      s += h[i];
    }
  return s;
}

//--- driver.cpp
#include "fd_check.h"
#include <cstdlib>
double f_grad(const double *x, double *h, int n, int T, int m, double *x_bar,
              double *h_bar, double f_bar = 1.0);
static double primal(const fd::Vec &x, int n, int T) {
  double h[3] = {0.3, -0.2, 0.5}, s = 0;
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < n; ++i) {
      h[i] = std::tanh(h[i] * x[t] + 0.1 * i);
      s += h[i];
    }
  return s;
}
int main(int argc, char **argv) {
  int m = argc > 1 ? std::atoi(argv[1]) : 3;
  const int n = 3, T = 5;
  fd::Rng rng(7);
  fd::Vec x(T);
  for (auto &v : x) v = rng.uniform(-1, 1);
  double h[3] = {0.3, -0.2, 0.5}, h_bar[3] = {0, 0, 0};
  fd::Vec x_bar(T, 0.0);
  double v = f_grad(x.data(), h, n, T, m, x_bar.data(), h_bar);
  fd::check_close("f", fd::at(x), v, primal(x, n, T));
  for (int t = 0; t < T; ++t)
    fd::check_close("df/dx", fd::at(x), x_bar[t], fd::central([&](double z) {
      fd::Vec y = x; y[t] = z; return primal(y, n, T); }, x[t]));
  if (fd::finish() == 0) std::printf("ok\n");
  return fd::failures() != 0;
}
