// Global counters (`++calls;` on a global integer the differentiated
// functions never read otherwise, as peers' tests count primal calls): kept
// as they are, so f_jvp and f_grad count exactly as f does, once per call,
// never in a backward sweep. Reading such a global, or counting inside a
// checkpointed loop, is refused (diagnostics/global_counter.cpp). Against
// central differences and the dot-product test, and the counts.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
// RUN: adgen %s --checkpoint='every 2' -o %t.ck.cpp
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.ck.cpp"' %s -o %t.ck.exe
// RUN: %t.ck.exe
#include <cmath>

int calls = 0;
namespace stats {
long steps = 0;
}

static double bump(double x) {
  ++calls;
  return x * std::sin(x);
}

// CHECK: extern int calls;
// CHECK: namespace stats {
// CHECK-NEXT: extern long steps;
// CHECK-LABEL: double walk_grad(
// CHECK: ++(::calls);
// CHECK: ++(::stats::steps);
#pragma adgen jvp grad
double walk(double x, double y, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += bump(x + i) * y;
    stats::steps++;
  }
  --calls;
  return s;
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(9);
  for (int t = 0; t < 10; ++t) {
    int n = rng.integer(0, 5);
    Vec x = rng.vec(2, -1.5, 1.5);
    // Each call counts n - 1 and n steps, whichever function it is.
    auto counted = [&](const char *name, auto call) {
      int c0 = calls;
      long s0 = stats::steps;
      call();
      fd::check_equal(std::string(name) + " calls", fd::at(x), calls - c0, n - 1);
      fd::check_equal(std::string(name) + " steps", fd::at(x),
                      double(stats::steps - s0), n);
    };
    double v = 0, d = 0, xb = 0, yb = 0;
    counted("walk", [&] { v = walk(x[0], x[1], n); });
    counted("walk_jvp", [&] { walk_jvp(x[0], x[1], n, 1.0, 0.0, &d); });
    counted("walk_grad", [&] { walk_grad(x[0], x[1], n, &xb, &yb); });
    fd::check_grad("walk", fd::at(x), x, x.size(),
        [&](const Vec &z) { return Vec{walk(z[0], z[1], n)}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{walk_jvp(z[0], z[1], n, zd[0], zd[1], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &ybar, Vec *zb) {
          return Vec{walk_grad(z[0], z[1], n, &(*zb)[0], &(*zb)[1], ybar[0])};
        },
        rng);
  }
  return fd::finish();
}
#endif
