// BUG: "cannot tell its extent" (checkpointed loop writing a pointer parameter, no size clause) prints file:line:col error + hint but no source line/caret and no "1 error generated." unlike every other diagnostic (SPEC §5 clang-style).
// adgen 03-size-diagnostic-not-clang-style.cpp -o /tmp/o.cpp
#include <cmath>
#pragma adgen grad
double f(double *p, int n, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < n; ++i)
      p[i] = std::sin(p[(i + 1) % n]);
  return p[0];
}
