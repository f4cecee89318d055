// Benchmark kernel (issue 13, minimal snapshots): an RNN that keeps its whole
// trajectory in the caller's buffer, one row per step (hs[(t + 1) H + i] =
// tanh(0.1 hs[i] + sum_j W[i H + j] hs[t H + j])), loss sum h_T^2, written
// once per checkpoint policy of the step loop. hs is written a stripe per
// step and read below it, so no snapshot holds it (analysis/Stripes.h).
#include <cmath>

#pragma adgen grad(W) size(W, H * H) size(hs, H * T + H)
double traj_all(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(all)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < H; ++i) {
      double s = 0.1 * hs[i];
      for (int j = 0; j < H; ++j)
        s += W[i * H + j] * hs[t * H + j];
      hs[(t + 1) * H + i] = std::tanh(s);
    }
  }
  double loss = 0.0;
  for (int i = 0; i < H; ++i)
    loss += hs[T * H + i] * hs[T * H + i];
  return loss;
}

#pragma adgen grad(W) size(W, H * H) size(hs, H * T + H)
double traj_auto(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(auto)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < H; ++i) {
      double s = 0.1 * hs[i];
      for (int j = 0; j < H; ++j)
        s += W[i * H + j] * hs[t * H + j];
      hs[(t + 1) * H + i] = std::tanh(s);
    }
  }
  double loss = 0.0;
  for (int i = 0; i < H; ++i)
    loss += hs[T * H + i] * hs[T * H + i];
  return loss;
}

#pragma adgen grad(W) size(W, H * H) size(hs, H * T + H)
double traj_every2(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < H; ++i) {
      double s = 0.1 * hs[i];
      for (int j = 0; j < H; ++j)
        s += W[i * H + j] * hs[t * H + j];
      hs[(t + 1) * H + i] = std::tanh(s);
    }
  }
  double loss = 0.0;
  for (int i = 0; i < H; ++i)
    loss += hs[T * H + i] * hs[T * H + i];
  return loss;
}

#pragma adgen grad(W) size(W, H * H) size(hs, H * T + H)
double traj_binomial20(const double *W, double *hs, int H, int T) {
#pragma adgen checkpoint(binomial 20)
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < H; ++i) {
      double s = 0.1 * hs[i];
      for (int j = 0; j < H; ++j)
        s += W[i * H + j] * hs[t * H + j];
      hs[(t + 1) * H + i] = std::tanh(s);
    }
  }
  double loss = 0.0;
  for (int i = 0; i < H; ++i)
    loss += hs[T * H + i] * hs[T * H + i];
  return loss;
}
