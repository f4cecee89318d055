// Benchmark kernel: the bench's own copy of the 784-100-10 MLP loss (tanh
// hidden layer, softmax cross-entropy averaged over a minibatch). The 79,510
// parameters are packed in one array:
//
//   W1  100 x 784  params[0      .. 78400)   row j: params[j*784 + i]
//   b1  100        params[78400  .. 78500)
//   W2  10 x 100   params[78500  .. 79500)   row k: params[78500 + k*100 + j]
//   b2  10         params[79500  .. 79510)
//
// kernels_adolc.cpp holds the same function templated on the scalar type
// (for ADOL-C's adouble); bench_main checks the two give the same loss.
#include <cmath>

#pragma adgen jvp(params)
#pragma adgen grad(params)
double mlp_loss(const double* params, const double* images, const int* labels,
                int batch) {
  double total = 0.0;
  for (int n = 0; n < batch; ++n) {
    double h[100];
    for (int j = 0; j < 100; ++j) {
      double a = params[78400 + j];
      for (int i = 0; i < 784; ++i)
        a += params[j * 784 + i] * images[n * 784 + i];
      h[j] = std::tanh(a);
    }
    double s[10];
    for (int k = 0; k < 10; ++k) {
      double a = params[79500 + k];
      for (int j = 0; j < 100; ++j)
        a += params[78500 + k * 100 + j] * h[j];
      s[k] = a;
    }
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
