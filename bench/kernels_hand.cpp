// Hand-written gradients in plain C++: what a careful programmer writes
// without an AD tool. Same signatures as adgen's f_grad; adjoints accumulate.
#include <cmath>
#include <vector>

#include "kernels.h"

// z = w.x, h = tanh z, L = (h - y)^2 / 2:  dL/dw = (h - y)(1 - h^2) x.
double neuron_loss_hand_grad(const double* x, const double* w, double y,
                             double* w_bar, double bar) {
  double z = 0.0;
  for (int i = 0; i < 3; ++i) z += w[i] * x[i];
  double h = std::tanh(z);
  double L = 0.5 * (h - y) * (h - y);
  double z_bar = bar * (h - y) * (1.0 - h * h);
  for (int i = 0; i < 3; ++i) w_bar[i] += z_bar * x[i];
  return L;
}

// Reverse recurrence: keep h_0..h_T, then run t = T-1..0 with
// d = h_bar (1 - h_{t+1}^2), x_bar[t] += d, w_bar += d h_t, h_bar = d w.
double recurrence_hand_grad(double w, const double* x, int T, double* w_bar,
                            double* x_bar, double bar) {
  std::vector<double> hs(T + 1);
  double h = 0.0;
  hs[0] = h;
  for (int t = 0; t < T; ++t) {
    h = std::tanh(w * h + x[t]);
    hs[t + 1] = h;
  }
  double hb = bar, wb = 0.0;
  for (int t = T - 1; t >= 0; --t) {
    double ht = hs[t + 1];
    double d = hb * (1.0 - ht * ht);
    x_bar[t] += d;
    wb += d * hs[t];
    hb = d * w;
  }
  *w_bar += wb;
  return h;
}

// Classic backprop over the minibatch, layer by layer: the forward pass (same
// loop order as the primal) keeps the hidden activations H (batch x 100) and
// the softmax; the backward pass forms dS = (softmax - onehot) / batch, then
// dW2 += dS^T H, dH = dS W2, dA = dH (1 - H^2), dW1 += dA^T X, each as the
// plain matrix loop (for dW1: row j of dW1 stays in cache over the batch).
double mlp_loss_hand_grad(const double* params, const double* images,
                          const int* labels, int batch, double* g,
                          double bar) {
  const double* W1 = params;
  const double* b1 = params + 78400;
  const double* W2 = params + 78500;
  const double* b2 = params + 79500;
  double* gW1 = g;
  double* gb1 = g + 78400;
  double* gW2 = g + 78500;
  double* gb2 = g + 79500;
  std::vector<double> H(batch * 100), dS(batch * 10), dA(batch * 100);
  const double scale = bar / batch;
  double total = 0.0;
  for (int n = 0; n < batch; ++n) {
    const double* x = images + n * 784;
    double* h = &H[n * 100];
    double s[10], e[10];
    for (int j = 0; j < 100; ++j) {
      double a = b1[j];
      for (int i = 0; i < 784; ++i) a += W1[j * 784 + i] * x[i];
      h[j] = std::tanh(a);
    }
    for (int k = 0; k < 10; ++k) {
      double a = b2[k];
      for (int j = 0; j < 100; ++j) a += W2[k * 100 + j] * h[j];
      s[k] = a;
    }
    double m = s[0];
    for (int k = 1; k < 10; ++k) m = std::fmax(m, s[k]);
    double sum = 0.0;
    for (int k = 0; k < 10; ++k) {
      e[k] = std::exp(s[k] - m);
      sum += e[k];
    }
    total += std::log(sum) + m - s[labels[n]];
    for (int k = 0; k < 10; ++k) dS[n * 10 + k] = e[k] / sum * scale;
    dS[n * 10 + labels[n]] -= scale;
  }
  // Output layer: gb2 += sum_n dS, gW2 += dS^T H, dH = dS W2.
  for (int n = 0; n < batch; ++n) {
    const double* ds = &dS[n * 10];
    const double* h = &H[n * 100];
    double* da = &dA[n * 100];
    for (int j = 0; j < 100; ++j) da[j] = 0.0;
    for (int k = 0; k < 10; ++k) {
      gb2[k] += ds[k];
      for (int j = 0; j < 100; ++j) {
        gW2[k * 100 + j] += ds[k] * h[j];
        da[j] += W2[k * 100 + j] * ds[k];
      }
    }
    for (int j = 0; j < 100; ++j) da[j] *= 1.0 - h[j] * h[j];
  }
  // Hidden layer: gb1 += sum_n dA, gW1 += dA^T X.
  for (int j = 0; j < 100; ++j) {
    double* gw = gW1 + j * 784;
    for (int n = 0; n < batch; ++n) {
      const double da = dA[n * 100 + j];
      const double* x = images + n * 784;
      gb1[j] += da;
      for (int i = 0; i < 784; ++i) gw[i] += da * x[i];
    }
  }
  return total / batch;
}
