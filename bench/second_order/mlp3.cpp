// A 784-100-100-10 MLP for issue 12's benchmark. The units of its three
// layers are one helper called from three places: f_grad calls the
// helper's own adjoint (mlp3_inlined.cpp is the same network with the
// helper's body written out at each call: the code inlining produces).
// With -DMLP3_MODES also f_hvp and forward mode, one direction per call and
// width(8); without, the file is the gradient alone, for the code-size row.
#include <cmath>

// One unit of a layer: act(w . in + b). (mlp3_layer.cpp has a helper that
// writes the whole layer through an output pointer.)
double unit(const double *w, double b, const double *in, int nin, int act) {
  double a = b;
  for (int i = 0; i < nin; ++i)
    a += w[i] * in[i];
  return act ? std::tanh(a) : a;
}

// params: W1 (100 x 784), b1, W2 (100 x 100), b2, W3 (10 x 100), b3.
#pragma adgen grad(p) size(p, 89610) size(x, 784) size(y, 10)
#ifdef MLP3_MODES
#pragma adgen hvp(p)
#endif
double mlp3(const double *p, const double *x, const double *y) {
  double h1[100], h2[100], o[10];
  for (int j = 0; j < 100; ++j)
    h1[j] = unit(p + j * 784, p[78400 + j], x, 784, 1);
  for (int j = 0; j < 100; ++j)
    h2[j] = unit(p + 78500 + j * 100, p[88500 + j], h1, 100, 1);
  for (int k = 0; k < 10; ++k)
    o[k] = unit(p + 88600 + k * 100, p[89600 + k], h2, 100, 0);
  double loss = 0;
  for (int k = 0; k < 10; ++k)
    loss += 0.5 * (o[k] - y[k]) * (o[k] - y[k]);
  return loss;
}

#ifdef MLP3_MODES
// The same, for forward mode: one direction per call, and 8.
#pragma adgen jvp(p) size(p, 89610) size(x, 784) size(y, 10)
double mlp3_fwd(const double *p, const double *x, const double *y) {
  return mlp3(p, x, y);
}
#pragma adgen jvp(p) width(8) size(p, 89610) size(x, 784) size(y, 10)
double mlp3_fwd8(const double *p, const double *x, const double *y) {
  return mlp3(p, x, y);
}
#endif
