// The 784-100-100-10 MLP of mlp3.cpp with each layer computed by one helper
// that writes it through a pointer, called from three places: f_grad calls
// the helper's own adjoint three times (mlp3_layer_inlined.cpp is the same
// network with the helper's body written out at each call: the code
// inlining produces). The code-size rows of BENCH=second, and a time row
// (the callee adjoint re-runs each layer in the backward sweep).
#include <cmath>

// out = act(W in + b), W is nout x nin.
void layer(const double *W, const double *b, const double *in, double *out,
           int nin, int nout, int act) {
  for (int j = 0; j < nout; ++j) {
    double a = b[j];
    for (int i = 0; i < nin; ++i)
      a += W[j * nin + i] * in[i];
    out[j] = act ? std::tanh(a) : a;
  }
}

// params: W1 (100 x 784), b1, W2 (100 x 100), b2, W3 (10 x 100), b3.
#pragma adgen grad(p) size(p, 89610) size(x, 784) size(y, 10)
double mlp3_layer(const double *p, const double *x, const double *y) {
  double h1[100], h2[100], o[10];
  layer(p, p + 78400, x, h1, 784, 100, 1);
  layer(p + 78500, p + 88500, h1, h2, 100, 100, 1);
  layer(p + 88600, p + 89600, h2, o, 100, 10, 0);
  double loss = 0;
  for (int k = 0; k < 10; ++k)
    loss += 0.5 * (o[k] - y[k]) * (o[k] - y[k]);
  return loss;
}
