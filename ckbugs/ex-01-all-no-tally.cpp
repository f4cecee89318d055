// ex-01: a loop under `#pragma adgen checkpoint(all)` emits no
// adgen::checkpoint::tally(...) in f_grad, so with -DADGEN_STATS
// adgen::stats::find("ex-01-all-no-tally.cpp:13") stays null (checkpoint.h
// says `all` loops are counted through tally(); EmitCpp handles
// OpKind::CkptTally but Adjoint never creates one).
//   adgen ex-01-all-no-tally.cpp -o - | grep -c checkpoint::tally   # 0; want 1
#include <cmath>

#pragma adgen grad(w)
double f(double w, const double* x) {
  double h = 0.0;
#pragma adgen checkpoint(all)
  for (int t = 0; t < 16; ++t)
    h = std::tanh(w * h + x[t]);
  return h;
}
