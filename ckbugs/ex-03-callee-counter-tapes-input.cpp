// ex-03 (tape size, not correctness): x is a never-written input, and
// f_inline's adjoint recomputes x[t*4+i] in the backward sweep (tape 8 bytes
// per inner iteration: tanh' only), but when the same body sits in a callee
// (step(U, x, t, h), inlined as `int step_t = t; ... x[step_t*4+i]`) the
// adjoint tapes x's value too (16 bytes per inner iteration). Seen in
// examples/rnn and chain16 (W[l*4096+...] and its index taped under all).
//   adgen ex-03-callee-counter-tapes-input.cpp --emit=stats -o -
#include <cmath>
void step(const double* U, const double* x, int t, double* h) {
  for (int i = 0; i < 4; ++i)
    h[i] = std::tanh(h[i] + U[i] * x[t * 4 + i]);
}
#pragma adgen grad(U)
double f_callee(const double* U, const double* x, int T) {
  double h[4] = {0.0, 0.0, 0.0, 0.0};
  for (int t = 0; t < T; ++t)
    step(U, x, t, h);
  return h[0];
}
#pragma adgen grad(U)
double f_inline(const double* U, const double* x, int T) {
  double h[4] = {0.0, 0.0, 0.0, 0.0};
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(h[i] + U[i] * x[t * 4 + i]);
  return h[0];
}
