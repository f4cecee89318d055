// rnn32's gradient written by hand (backpropagation through time): the
// forward pass keeps every h_t (T x 32 doubles, the least a tape needs),
// the backward pass runs t = T-1 .. 0 with
//   g_a = g_h * (1 - h_{t+1}^2),  W_bar += g_a h_t^T,  U_bar += g_a x_t^T,
//   b_bar += g_a,  g_h = W^T g_a.
// Accumulates into W_bar, U_bar, b_bar like f_grad; returns the loss.
#include <cmath>
#include <vector>

double rnn32_hand_grad(const double *W, const double *U, const double *b,
                       const double *x, int T, double *W_bar, double *U_bar,
                       double *b_bar) {
  std::vector<double> hs(32 * (size_t(T) + 1));
  for (int i = 0; i < 32; ++i)
    hs[i] = 0.0;
  for (int t = 0; t < T; ++t) {
    const double *h = &hs[32 * size_t(t)], *xt = &x[8 * size_t(t)];
    double *hn = &hs[32 * (size_t(t) + 1)];
    for (int i = 0; i < 32; ++i) {
      double s = b[i];
      for (int j = 0; j < 32; ++j)
        s += W[i * 32 + j] * h[j];
      for (int k = 0; k < 8; ++k)
        s += U[i * 8 + k] * xt[k];
      hn[i] = std::tanh(s);
    }
  }
  const double *hT = &hs[32 * size_t(T)];
  double loss = 0, gh[32], ga[32];
  for (int i = 0; i < 32; ++i) {
    loss += hT[i] * hT[i];
    gh[i] = 2 * hT[i];
  }
  for (int t = T - 1; t >= 0; --t) {
    const double *h = &hs[32 * size_t(t)], *hn = &hs[32 * (size_t(t) + 1)];
    const double *xt = &x[8 * size_t(t)];
    for (int i = 0; i < 32; ++i) {
      ga[i] = gh[i] * (1 - hn[i] * hn[i]);
      b_bar[i] += ga[i];
      for (int k = 0; k < 8; ++k)
        U_bar[i * 8 + k] += ga[i] * xt[k];
      for (int j = 0; j < 32; ++j)
        W_bar[i * 32 + j] += ga[i] * h[j];
    }
    for (int j = 0; j < 32; ++j) {
      double s = 0;
      for (int i = 0; i < 32; ++i)
        s += W[i * 32 + j] * ga[i];
      gh[j] = s;
    }
  }
  return loss;
}
