// `checkpoint(all)` keeps every iteration's state: compiled with
// -DADGEN_STATS its loop reports n states held and 0 recomputed (SPEC
// section 3: chain of 16, `all` 16 held, 0 recomputed).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=STATS
#include <cmath>

#pragma adgen grad
double chain(const double *W, double x, int n) {
  double h = x;
// STATS: all_stats.cpp:[[@LINE+2]]: all, n 16, peak states held 16, snapshots 16, recomputed 0,
#pragma adgen checkpoint(all)
  for (int t = 0; t < n; ++t)
    h = std::tanh(W[t % 2] * h + 0.1);
  return h;
}
// CHECK-LABEL: double chain_grad(
// CHECK: adgen::checkpoint::tally("all_stats.cpp:16",

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <cstdio>

#include "fd_check.h"
double chain_grad(const double *W, double x, int n, double *W_bar,
                  double *x_bar, double chain_bar = 1.0);
int main() {
  const double W[2] = {0.7, -0.4};
  for (int n : {0, 1, 2, 16, 17, 100}) {
    adgen::stats::reset();
    double Wb[2] = {0, 0}, xb = 0;
    chain_grad(W, 0.3, n, Wb, &xb);
    const adgen::stats::Loop *l = adgen::stats::find("all_stats.cpp:16");
    std::string pt = "n=" + std::to_string(n);
    fd::check_close("loop reported", pt, l != nullptr, 1, 0, 0);
    if (!l) continue;
    fd::check_close("steps", pt, l->steps, n, 0, 0);
    fd::check_close("held", pt, l->peakHeld, n, 0, 0);
    fd::check_close("recomputed", pt, l->recomputed, 0, 0, 0);
    if (n == 16) adgen::stats::print(stdout);
  }
  return fd::finish();
}
#endif
