// Checkpointed loops that are not at the top level of the function body:
// inside an if, and after a loop with an early return (the rest of the
// function then runs under a guard). Gradients against finite differences.
// RUN: adgen %s -o %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

#pragma adgen grad
double f(double x, int n) {
  double s = x;
  if (x > 0) {
#pragma adgen checkpoint(every 2)
    for (int k = 0; k < n; ++k)
      s = std::sin(s) + 0.1 * k;
  }
  return s;
}

#pragma adgen grad
double g(double x, int n) {
  double s = x;
  for (int i = 0; i < 3; ++i)
    if (s > 5.0)
      return s;
#pragma adgen checkpoint(binomial 2)
  for (int k = 0; k < n; ++k)
    s = std::sin(s) + 0.1 * k;
  return s;
}

#ifdef ADGEN_DRIVER
#include <string>

#include "fd_check.h"
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
double g_grad(double x, int n, double *x_bar, double f_bar = 1.0);
int main() {
  for (int n : {0, 1, 2, 7, 30})
    for (double x : {-0.7, 0.4, 1.3, 6.0}) {
      std::string pt = fd::at({x}) + " n=" + std::to_string(n);
      double b = 0;
      fd::check_equal("f value", pt, f_grad(x, n, &b), f(x, n));
      fd::check_close("f grad", pt, b, fd::central([&](double t) { return f(t, n); }, x));
      b = 0;
      fd::check_equal("g value", pt, g_grad(x, n, &b), g(x, n));
      fd::check_close("g grad", pt, b, fd::central([&](double t) { return g(t, n); }, x));
    }
  return fd::finish();
}
#endif
