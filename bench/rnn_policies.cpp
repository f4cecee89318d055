// Benchmark kernel for checkpointing: the recurrence of examples/rnn,
// h_t = tanh(W h_{t-1} + U x_t), hidden 64, inputs of 8, loss sum h_T^2,
// gradient w.r.t. W and U, written once per checkpoint policy of the step
// loop (all, every 100, auto, binomial 20, binomial 8, budget 16MiB, budget
// 6MiB, budget 1MiB) so that one program can time the adjoints side by side
// (bench_checkpoint.cpp).
#include <cmath>

void rnnb_step(const double* W, const double* U, const double* x, int t,
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
double rnnb_all(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(all)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_every100(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(every 100)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_auto(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(auto)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_binomial20(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(binomial 20)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_binomial8(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(binomial 8)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_budget16m(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(budget 16MiB)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_budget6m(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(budget 6MiB)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, U)
double rnnb_budget1m(const double* W, const double* U, const double* x, int T) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = 0.0;
#pragma adgen checkpoint(budget 1MiB)
  for (int t = 0; t < T; ++t)
    rnnb_step(W, U, x, t, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}
