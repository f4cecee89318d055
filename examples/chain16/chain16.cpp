// The seeds' chain of 16 layers (SPEC section 7): the state is a 64-vector
// h, each layer is h <- tanh(W_l h) with its own 64 x 64 weights, and the
// loss is the sum of squares of the last state. The same chain is written
// three times, differing only in the checkpoint policy of the layer loop, so
// that one program can run the three adjoints side by side:
//
//   chain16_all        checkpoint(all)        every layer's state kept
//   chain16_every4     checkpoint(every 4)    a snapshot every 4 layers
//   chain16_recompute  checkpoint(recompute)  the input only; re-run the rest
//
// W holds the 16 weight matrices one after the other, row-major:
// W[l*4096 + i*64 + j] is row i, column j of layer l (65,536 weights).
#include <cmath>

// One layer: h <- tanh(W_l h).
void chain16_layer(const double* W, int l, double* h) {
  double a[64];
  for (int i = 0; i < 64; ++i) {
    double s = 0.0;
    for (int j = 0; j < 64; ++j)
      s += W[l * 4096 + i * 64 + j] * h[j];
    a[i] = s;
  }
  for (int i = 0; i < 64; ++i)
    h[i] = std::tanh(a[i]);
}

#pragma adgen grad(W, x)
double chain16_all(const double* W, const double* x) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = x[i];
#pragma adgen checkpoint(all)
  for (int l = 0; l < 16; ++l)
    chain16_layer(W, l, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, x)
double chain16_every4(const double* W, const double* x) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = x[i];
#pragma adgen checkpoint(every 4)
  for (int l = 0; l < 16; ++l)
    chain16_layer(W, l, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}

#pragma adgen grad(W, x)
double chain16_recompute(const double* W, const double* x) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = x[i];
#pragma adgen checkpoint(recompute)
  for (int l = 0; l < 16; ++l)
    chain16_layer(W, l, h);
  double loss = 0.0;
  for (int i = 0; i < 64; ++i)
    loss += h[i] * h[i];
  return loss;
}
