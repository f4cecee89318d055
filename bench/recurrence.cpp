// Benchmark kernel: a scalar recurrence of T steps, h <- tanh(w h + x[t]),
// differentiated w.r.t. the shared weight w and every input x[t] (one tanh,
// one mul, one add per step in the primal). T + 1 inputs, one output.
#include <cmath>

#pragma adgen jvp(w, x)
#pragma adgen grad(w, x)
double recurrence(double w, const double* x, int T) {
  double h = 0.0;
  for (int t = 0; t < T; ++t)
    h = std::tanh(w * h + x[t]);
  return h;
}
