// BUG: a checkpointed loop nested in another loop, whose state is a local declared in the outer body (u, and its counter k), generates a backward sweep that uses u/k out of scope: g++ "'u' was not declared in this scope" (same with the outer loop checkpointed too).
// adgen 02-inner-checkpointed-loop-locals.cpp -o /tmp/o.cpp && g++ -std=c++17 -I../runtime/include -c /tmp/o.cpp
#include <cmath>

#pragma adgen grad
double f(double x, int n, int m) {
  double s = 0.0;
  for (int t = 0; t < n; ++t) {
    double u = x + s;
#pragma adgen checkpoint(every 2)
    for (int k = 0; k < m; ++k)
      u = std::sin(u);
    s += u;
  }
  return s;
}
