// mlp3.cpp's network with the unit helper's body written out at each of
// its three calls: what inlining the helper at every call site produces.
#include <cmath>

#define UNIT(out, w, b, in, nin, act)                                          \
  {                                                                            \
    double a = (b);                                                            \
    for (int i = 0; i < nin; ++i)                                              \
      a += (w)[i] * (in)[i];                                                   \
    out = act ? std::tanh(a) : a;                                              \
  }

#pragma adgen grad(p) size(p, 89610) size(x, 784) size(y, 10)
double mlp3_inlined(const double *p, const double *x, const double *y) {
  double h1[100], h2[100], o[10];
  for (int j = 0; j < 100; ++j)
    UNIT(h1[j], p + j * 784, p[78400 + j], x, 784, 1)
  for (int j = 0; j < 100; ++j)
    UNIT(h2[j], p + 78500 + j * 100, p[88500 + j], h1, 100, 1)
  for (int k = 0; k < 10; ++k)
    UNIT(o[k], p + 88600 + k * 100, p[89600 + k], h2, 100, 0)
  double loss = 0;
  for (int k = 0; k < 10; ++k)
    loss += 0.5 * (o[k] - y[k]) * (o[k] - y[k]);
  return loss;
}
