// Benchmark kernel: a scalar recurrence of T steps, h <- tanh(w h + x[t]),
// differentiated w.r.t. the shared weight w (one tanh, one mul, one add per
// step in the primal).
#include <cmath>

#pragma adgen jvp(w)
double recurrence(double w, const double* x, int T) {
  double h = 0.0;
  for (int t = 0; t < T; ++t)
    h = std::tanh(w * h + x[t]);
  return h;
}
