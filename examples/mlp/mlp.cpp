// The seed's problem 3: a classifier of 28x28 handwritten digits, 784 pixels
// -> 100 tanh hidden units -> 10 scores, softmax cross-entropy, averaged over
// a minibatch. The 79,510 parameters are packed in one array:
//
//   W1  100 x 784  params[0      .. 78400)   row j: params[j*784 + i]
//   b1  100        params[78400  .. 78500)
//   W2  10 x 100   params[78500  .. 79500)   row k: params[78500 + k*100 + j]
//   b2  10         params[79500  .. 79510)
//
// One loss, 79,510 inputs: the shape where forward mode needs 79,510 sweeps
// and reverse mode one.
#include <cmath>

#pragma adgen jvp(params)
#pragma adgen grad(params)
double mlp_loss(const double* params, const double* images, const int* labels,
                int batch) {
  double total = 0.0;
  for (int n = 0; n < batch; ++n) {
    // Hidden layer: h = tanh(W1 x + b1).
    double h[100];
    for (int j = 0; j < 100; ++j) {
      double a = params[78400 + j];
      for (int i = 0; i < 784; ++i)
        a += params[j * 784 + i] * images[n * 784 + i];
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
    // Cross-entropy of the softmax, with the max subtracted before exp:
    // -log softmax(s)[label] = log sum_k exp(s_k - m) + m - s[label].
    double m = s[0];
    for (int k = 1; k < 10; ++k)
      m = std::fmax(m, s[k]);
    double sum = 0.0;
    for (int k = 0; k < 10; ++k)
      sum += std::exp(s[k] - m);
    total += std::log(sum) + m - s[labels[n]];
  }
  return total / batch;
}
