// Issue 13's RNN: h <- tanh(W h + U x_t + b), H = 32 hidden units, inputs
// of 8, T steps from h_0 = 0, loss = sum of squares of h_T. W (32 x 32) and
// U (32 x 8) row-major, b (32); x holds the T inputs one after the other.
// Written as its users write it: a step helper over raw pointers.
#include <cmath>

static void step(const double *W, const double *U, const double *b,
                 const double *xt, double *h) {
  double a[32];
  for (int i = 0; i < 32; ++i) {
    double s = b[i];
    for (int j = 0; j < 32; ++j)
      s += W[i * 32 + j] * h[j];
    for (int k = 0; k < 8; ++k)
      s += U[i * 8 + k] * xt[k];
    a[i] = s;
  }
  for (int i = 0; i < 32; ++i)
    h[i] = std::tanh(a[i]);
}

#pragma adgen grad(W, U, b) size(W, 1024) size(U, 256) size(b, 32)
double rnn32(const double *W, const double *U, const double *b,
             const double *x, int T) {
  double h[32];
  for (int i = 0; i < 32; ++i)
    h[i] = 0.0;
  for (int t = 0; t < T; ++t)
    step(W, U, b, &x[t * 8], h);
  double loss = 0.0;
  for (int i = 0; i < 32; ++i)
    loss += h[i] * h[i];
  return loss;
}
