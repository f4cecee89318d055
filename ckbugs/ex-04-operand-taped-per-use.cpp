// ex-04 (tape size, not correctness): in s += W[i*4+j] * h[j] the adjoint
// tapes h[j] once per (i, j), 16 doubles per outer iteration, where h (4
// doubles, written once per outer iteration, after the products) could be
// taped once: 4 doubles. A 64-wide matrix-vector product tapes 4,096
// doubles per step instead of 64 (examples/rnn, bench/rnn_policies: ~37 KB of
// tape per step of a 64-wide RNN, of which 32 KB are 64 copies of h).
//   adgen ex-04-operand-taped-per-use.cpp --emit=stats -o -   # line 17 (j loop): 8 bytes per iteration
#include <cmath>

#pragma adgen grad(W)
double f(const double* W, int T) {
  double h[4] = {1.0, 0.5, -0.5, 0.25};
  for (int t = 0; t < T; ++t) {
    double a[4];
    for (int i = 0; i < 4; ++i) {
      double s = 0.0;
      for (int j = 0; j < 4; ++j)
        s += W[i * 4 + j] * h[j];
      a[i] = s;
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(a[i]);
  }
  return h[0];
}
