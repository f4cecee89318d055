// BUG: a checkpointed loop not at the top level of the function body (inside an if, or after a loop with an early return, which adgen guards) has its counter k used out of scope in the backward sweep: g++ "'k' was not declared in this scope" (same root as 02; found by the fuzz generator, e.g. gen_programs.py --seed 1 --count 125 --only 6 and --seed 2 --only 2 with --avoid nested-checkpoint).
// adgen 04-checkpointed-loop-in-if-or-after-early-return.cpp -o /tmp/o.cpp && g++ -std=c++17 -I../runtime/include -c /tmp/o.cpp
#include <cmath>

#pragma adgen grad
double f(double x, int n) {
  double s = x;
  if (x > 0) {
#pragma adgen checkpoint(every 2)
    for (int k = 0; k < n; ++k)
      s = std::sin(s);
  }
  return s;
}

#pragma adgen grad
double g(double x, int n) {
  double s = x;
  for (int i = 0; i < 3; ++i)
    if (s > 5.0)
      return s;
#pragma adgen checkpoint(every 2)
  for (int k = 0; k < n; ++k)
    s = std::sin(s) + 0.1 * k;
  return s;
}
