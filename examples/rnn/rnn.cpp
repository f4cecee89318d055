// The seeds' RNN (SPEC section 7): a recurrence over T steps with a hidden
// state of 64, h_t = tanh(W h_{t-1} + U x_t), h_0 = 0, inputs x_t of 8, and
// the loss the sum of squares of h_T. W (64 x 64, row-major) and U (64 x 8)
// are shared by every step; x holds the T inputs one after the other.
//
// The same recurrence is written twice, under checkpoint(auto) (a snapshot
// of h every s = round(sqrt(T)) steps, the segments re-run in the backward
// sweep) and checkpoint(all) (every step's needs kept), so that one program
// can compare the two adjoints.
#include <cmath>

// One step: h <- tanh(W h + U x_t).
void rnn_step(const double* W, const double* U, const double* x, int t,
              double* h) {
  double a[64];
  for (int i = 0; i < 64; ++i) {
    double s = 0.0;
    for (int j = 0; j < 64; ++j)
      s += W[i * 64 + j] * h[j];
    for (int k = 0; k < 8; ++k)
      s += U[i * 8 + k] * x[t * 8 + k];
    a[i] = s;
  }
  for (int i = 0; i < 64; ++i)
    h[i] = std::tanh(a[i]);
}

#pragma adgen grad(W, U)
double rnn_auto(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(auto)
  for (int t = 0; t < T; ++t)
    rnn_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnn_all(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(all)
  for (int t = 0; t < T; ++t)
    rnn_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}
