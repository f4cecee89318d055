// mlp3_layer.cpp's network with the layer helper's body written out at each
// of its three calls: what inlining the helper at every call site produces
// (adgen did so for helpers writing through a pointer before they got
// adjoints of their own).
#include <cmath>

#define LAYER(W, b, in, out, nin, nout, act)                                   \
  for (int j = 0; j < nout; ++j) {                                             \
    double a = (b)[j];                                                         \
    for (int i = 0; i < nin; ++i)                                              \
      a += (W)[j * nin + i] * (in)[i];                                         \
    out[j] = act ? std::tanh(a) : a;                                           \
  }

#pragma adgen grad(p) size(p, 89610) size(x, 784) size(y, 10)
double mlp3_layer_inlined(const double *p, const double *x, const double *y) {
  double h1[100], h2[100], o[10];
  LAYER(p, p + 78400, x, h1, 784, 100, 1)
  LAYER(p + 78500, p + 88500, h1, h2, 100, 100, 1)
  LAYER(p + 88600, p + 89600, h2, o, 100, 10, 0)
  double loss = 0;
  for (int k = 0; k < 10; ++k)
    loss += 0.5 * (o[k] - y[k]) * (o[k] - y[k]);
  return loss;
}
