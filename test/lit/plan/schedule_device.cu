// <adgen/schedule.h> compiles as CUDA: the accounting, the budget choice and
// the schedule's actions are usable in device code.
// REQUIRES: nvcc
// RUN: %nvcc -c %s -o %t.o
#include <adgen/schedule.h>

using namespace adgen::checkpoint;

__global__ void plan(long long n, long long *out, long long *stack) {
  Cost c = cost(Policy::every(4), n);
  BudgetChoice b = chooseForBudget(n, 64, 1024);
  Schedule s(Policy::binomial(3), n, stack);
  long long reversed = 0, recomputed = 0;
  for (Action a = s.next(); a.act != Act::Done; a = s.next()) {
    if (a.act == Act::Reverse)
      ++reversed;
    else if (a.act == Act::Advance || a.act == Act::Compute)
      recomputed += a.last - a.first + 1;
  }
  out[0] = c.peak;
  out[1] = b.cost.recomputed;
  out[2] = reversed;
  out[3] = recomputed + (s.storesInForward(0) ? 1 : 0) + autoPeriod(n);
}
