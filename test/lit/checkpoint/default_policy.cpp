// `adgen --checkpoint=POLICY` sets the policy of the outermost loops that
// have no directive (SPEC sections 1 and 3): here `every 4`. A loop with its
// own directive keeps it; inner loops stay taped. Counters: n = 16 under
// every 4 holds 7 and recomputes 12 (SPEC section 3); gradients against
// finite differences. Without the option nothing is checkpointed.
// RUN: adgen '--checkpoint=every 4' %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: adgen %s -o %t.plain.cpp
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=STATS
// A bad policy is a usage error (exit 2), naming the policy.
// RUN: not adgen '--checkpoint=every 0' %s -o %t.bad.cpp 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: sh -c "adgen '--checkpoint=sometimes' %s -o %t.bad.cpp 2>/dev/null; test \$? -eq 2"
// RUN: not test -e %t.bad.cpp
#include <cmath>

// STATS: default_policy.cpp:[[@LINE+5]]: every 4, n 16, peak states held 7, snapshots 4, recomputed 12,
#pragma adgen grad
double chain(const double *W, double x, int n) {
  double h = x;
  double acc = 0.0;
  for (int t = 0; t < n; ++t) {
    double u = h;
    for (int j = 0; j < 3; ++j)
      u = std::sin(W[j] * u + 0.1);
    h = std::tanh(u + 0.5 * h);
    acc += 0.1 * h;
  }
  return h + acc;
}
// CHECK-LABEL: double chain_grad(
// CHECK: adgen::checkpoint::Forward [[F:forward[0-9_]*]](
// CHECK-NEXT: adgen::checkpoint::Policy::every(4),
// CHECK: "default_policy.cpp:24"
// CHECK-NOT: adgen::checkpoint::Forward
// CHECK: while ([[R:reverse[0-9_]*]].next()) {
// CHECK-NOT: adgen::checkpoint::Reverse
// CHECK: [[R]].finish();
// PLAIN-NOT: adgen::checkpoint::

// STATS: default_policy.cpp:[[@LINE+6]]: binomial 2, n 16, peak states held 3,
#pragma adgen grad
double own(const double *W, double x, int n) {
  double h = x;
  // Its own directive wins over the default.
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t)
    h = std::sin(W[t % 3] * h) + 0.2;
  return h;
}
// CHECK-LABEL: double own_grad(
// CHECK: adgen::checkpoint::Policy::binomial(2),
// PLAIN-LABEL: double own_grad(
// PLAIN: adgen::checkpoint::Policy::binomial(2),
// BAD: bad checkpoint policy 'every 0'

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <string>

#include "fd_check.h"
double chain_grad(const double *W, double x, int n, double *W_bar,
                  double *x_bar, double f_bar = 1.0);
double own_grad(const double *W, double x, int n, double *W_bar, double *x_bar,
                double f_bar = 1.0);
int main() {
  fd::Rng rng(5);
  for (int n : {0, 1, 16, 50}) {
    fd::Vec W = rng.vec(3, -1, 1);
    double x = rng.uniform(-1, 1);
    std::string pt = "n=" + std::to_string(n);
    for (int f = 0; f < 2; ++f) {
      auto primal = f == 0 ? chain : own;
      auto grad = f == 0 ? chain_grad : own_grad;
      adgen::stats::reset();
      fd::Vec b(4, 0.0);
      double v = grad(W.data(), x, n, b.data(), &b[3], 1.0);
      fd::check_equal("value", pt, v, primal(W.data(), x, n));
      for (int i = 0; i < 4; ++i)
        fd::check_close(std::string(f ? "own" : "chain") + " grad[" + std::to_string(i) + "]", pt, b[i],
                        fd::central([&](double t) {
                          fd::Vec z = W;
                          double xx = x;
                          (i < 3 ? z[i] : xx) = t;
                          return primal(z.data(), xx, n);
                        }, i < 3 ? W[i] : x));
      // Only the outer loop is checkpointed: one loop in the counters.
      fd::check_close("loops counted", pt, adgen::stats::count(), n > 0 || f ? 1 : adgen::stats::count(), 0, 0);
      if (n == 16) adgen::stats::print(stdout);
    }
  }
  return fd::finish();
}
#endif
