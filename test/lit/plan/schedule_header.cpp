// <adgen/schedule.h> compiles warning-free on its own (g++ -Wall -Wextra
// -Werror) and its schedules reverse a real loop: here x_{i+1} = sin(x_i) + c
// reversed under each policy gives the same derivative as storing all.
// RUN: %cxx %s -o %t && %t | FileCheck %s
// CHECK: all ok
#include <adgen/schedule.h>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace adgen::checkpoint;

// d x_n / d x_0 for x_{i+1} = sin(x_i) + 0.5, reversing with a schedule.
static double derivative(Policy p, long long n, double x0, long long *recomputed) {
  std::vector<long long> stack(static_cast<size_t>(Schedule::stackSize(p, n)));
  Schedule s(p, n, stack.data());
  std::vector<double> slot(static_cast<size_t>(s.slots() + 1));
  std::vector<double> temp(static_cast<size_t>(n + 1)); // recomputed states
  double x = x0;
  for (long long i = 0; i < n; ++i) { // forward sweep
    if (s.storesInForward(i))
      slot[static_cast<size_t>(s.forwardSlot(i))] = x;
    x = std::sin(x) + 0.5;
  }
  double xbar = 1;
  *recomputed = 0;
  double work = 0;
  long long workAt = -1;
  for (Action a = s.next(); a.act != Act::Done; a = s.next()) {
    switch (a.act) {
    case Act::Compute: {
      double y = a.slot >= 0 ? slot[static_cast<size_t>(a.slot)]
                             : temp[static_cast<size_t>(a.first - 1)];
      for (long long i = a.first; i <= a.last; ++i) {
        y = std::sin(y) + 0.5;
        temp[static_cast<size_t>(i)] = y;
        ++*recomputed;
      }
      break;
    }
    case Act::Advance: {
      double y = slot[static_cast<size_t>(a.slot)];
      for (long long i = a.first; i <= a.last; ++i, ++*recomputed)
        y = std::sin(y) + 0.5;
      work = y;
      workAt = a.last;
      break;
    }
    case Act::TakeShot:
      slot[static_cast<size_t>(a.slot)] = work;
      workAt = -1;
      break;
    case Act::Reverse: {
      double xi = a.slot >= 0 ? slot[static_cast<size_t>(a.slot)]
                  : workAt == a.first ? work
                                      : temp[static_cast<size_t>(a.first)];
      xbar *= std::cos(xi);
      break;
    }
    case Act::Done:
      break;
    }
  }
  return xbar;
}

int main() {
  bool ok = true;
  for (long long n : {0LL, 1LL, 2LL, 3LL, 16LL, 17LL, 60LL}) {
    long long r = 0;
    double ref = derivative(Policy::all(), n, 0.3, &r);
    Policy ps[] = {Policy::every(4), Policy::every(5), Policy::automatic(),
                   Policy::binomial(1), Policy::binomial(3),
                   Policy::recompute()};
    for (Policy p : ps) {
      double d = derivative(p, n, 0.3, &r);
      if (d != ref || r != cost(p, n).recomputed) {
        std::printf("n=%lld kind=%d arg=%lld: %.17g vs %.17g, %lld recomputed vs %lld\n",
                    n, static_cast<int>(p.kind), p.arg, d, ref, r,
                    cost(p, n).recomputed);
        ok = false;
      }
    }
  }
  std::puts(ok ? "all ok" : "FAILED");
  return ok ? 0 : 1;
}
