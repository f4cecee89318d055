// BUG: a loop under `checkpoint(all)` (or the default) never reports to ADGEN_STATS: no adgen::checkpoint::tally() is emitted (OpKind::CkptTally is never created), so stats::find("01-all-policy-no-stats.cpp:13") is null instead of {all, n 16, held 16, recomputed 0} (SPEC §3 seed numbers).
// adgen 01-all-policy-no-stats.cpp -o /tmp/o.cpp && g++ -std=c++17 -DADGEN_STATS -DDRIVER -I../runtime/include -Wno-unknown-pragmas 01-all-policy-no-stats.cpp /tmp/o.cpp && ./a.out
#include <cmath>
#include <cstdio>
#ifdef DRIVER
#include <adgen/checkpoint.h>
#endif

#pragma adgen grad
double f(double x, int n) {
  double s = x;
#pragma adgen checkpoint(all)
  for (int i = 0; i < n; ++i)
    s = std::sin(s) + x;
  return s;
}

#ifdef DRIVER
double f_grad(double x, int n, double *x_bar, double f_bar = 1.0);
int main() {
  double xb = 0;
  f_grad(0.3, 16, &xb);
  const adgen::stats::Loop *l = adgen::stats::find("01-all-policy-no-stats.cpp:13");
  if (!l) { std::printf("FAIL: no stats for the checkpoint(all) loop\n"); return 1; }
  std::printf("held %lld recomputed %lld\n", l->peakHeld, l->recomputed);
  return l->peakHeld == 16 && l->recomputed == 0 ? 0 : 1;
}
#endif
