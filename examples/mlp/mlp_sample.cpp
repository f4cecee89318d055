// The MLP of mlp.cpp as a per-sample loss, for minibatches on the GPU: the
// same 784-100-10 network and packed parameters (see mlp.cpp), one image and
// its label; mlp_loss is the mean of this over the minibatch.
//
// batch(image, label): each sample has its own image (784 pixels) and label;
// params (79,510 values) is shared, so mlp_sample_loss_grad_batch sums its
// adjoint over the minibatch. adgen generates mlp_sample_loss_batch (the
// losses), mlp_sample_loss_grad_batch and their _device launchers and
// kernels; without a GPU they run the minibatch on the CPU.
#include <cmath>

#pragma adgen grad(params) batch(image, label) size(params, 79510)
double mlp_sample_loss(const double* params, const double* image, int label) {
  // Hidden layer: h = tanh(W1 x + b1).
  double h[100];
  for (int j = 0; j < 100; ++j) {
    double a = params[78400 + j];
    for (int i = 0; i < 784; ++i)
      a += params[j * 784 + i] * image[i];
    h[j] = std::tanh(a);
  }
  // Scores: s = W2 h + b2.
  double s[10];
  for (int k = 0; k < 10; ++k) {
    double a = params[79500 + k];
    for (int j = 0; j < 100; ++j)
      a += params[78500 + k * 100 + j] * h[j];
    s[k] = a;
  }
  // -log softmax(s)[label], with the max subtracted before exp.
  double m = s[0];
  for (int k = 1; k < 10; ++k)
    m = std::fmax(m, s[k]);
  double sum = 0.0;
  for (int k = 0; k < 10; ++k)
    sum += std::exp(s[k] - m);
  return std::log(sum) + m - s[label];
}
