// The functions the batch(...) tests run over minibatches (host.cpp as C++,
// cuda.cpp with nvcc, scripts/gpu-check on a GPU). Compiled unchanged as the
// primal (the pragmas are ignored) and given to adgen.
#include <cmath>

// Per-sample pointer and scalar (x, y), shared pointer (w); jvp of every
// parameter, grad of w (shared: summed over the batch) and y (per sample).
#pragma adgen jvp grad(w, y) batch(x, y)
double loss(const double *x, const double *w, double y) {
  double z = 0;
  for (int i = 0; i < 3; ++i)
    z += w[i] * x[i];
  double p = std::tanh(z);
  return 0.5 * (p - y) * (p - y);
}

// A per-sample int (label), a per-sample array the function writes and
// reads (out), a shared matrix (W) and a shared scalar (scale).
#pragma adgen jvp(x, W, scale) grad(x, W, scale) batch(x, label, out) size(W, 12) size(out, 4)
double layer(const double *x, const double *W, double scale, int label,
             double *out) {
  double s = 0;
  for (int j = 0; j < 4; ++j) {
    double a = 0;
    for (int i = 0; i < 3; ++i)
      a += W[j * 3 + i] * x[i];
    out[j] = std::tanh(scale * a) + 0.5 * out[j];
    s += std::exp(out[j]);
  }
  return std::log(s) - out[label];
}

// A loop that overwrites h: its adjoint tapes h (a static trip count, so
// adgen knows the tape of one sample and sizes the arena from it).
#pragma adgen jvp grad(w) batch(x)
double rnn(const double *x, const double *w) {
  double h = 0.5;
  for (int t = 0; t < 8; ++t)
    h = std::sin(w[0] * h + w[1] * x[t]);
  return h * h;
}

// A trip count from a shared int: the per-sample extent is size(x, n) and
// the tape's size is not known to adgen (the default arena slice).
#pragma adgen jvp(w) grad(w) batch(x) size(x, n)
double recur(const double *x, const double *w, int n) {
  double h[2] = {0.1, 0.2};
  for (int t = 0; t < n; ++t) {
    double a = std::tanh(w[0] * h[0] + w[1] * h[1] + x[t]);
    h[1] = h[0];
    h[0] = a;
  }
  return h[0] + 2.0 * h[1];
}

// A checkpointed loop (snapshots every 2 iterations) inside a batched
// adjoint: its snapshots come from the thread's arena slice.
#pragma adgen grad(w) batch(x) size(x, T) size(w, 9)
double ckpt(const double *x, const double *w, int T) {
  double h[3] = {0.1, 0.2, 0.3};
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < T; ++t) {
    double s[3];
    for (int i = 0; i < 3; ++i) {
      s[i] = x[t];
      for (int j = 0; j < 3; ++j)
        s[i] += w[3 * i + j] * h[j];
    }
    for (int i = 0; i < 3; ++i)
      h[i] = std::tanh(s[i]);
  }
  return h[0] + h[1] * h[2];
}

namespace nn {
// void, in a namespace: a shared scalar (a) and a per-sample array written
// (out); jvp of every parameter.
#pragma adgen jvp grad(a, x) batch(x, out)
void axpy(double a, const double *x, double *out) {
  for (int i = 0; i < 2; ++i)
    out[i] = a * x[i] + std::sin(out[i]);
}
} // namespace nn
