// ex-02: f_grad declares and fills `g_a_saved[4]` (the callee's local array,
// "save a of this iteration for the backward sweep") but never reads it:
// g++ -Wall warns "variable 'g_a_saved' set but not used", and every
// iteration tapes and pops 4 doubles for nothing (SPEC 4: "no dead code").
// Seen in examples/chain16 (chain16_layer's a[64]).
//   adgen ex-02-unused-saved-array.cpp -o x.cpp && g++ -Wall -I runtime/include -c x.cpp
#include <cmath>

void g(const double* W, int l, double* h) {
  double a[4];
  for (int i = 0; i < 4; ++i) {
    double s = 0.0;
    for (int j = 0; j < 4; ++j)
      s += W[l * 16 + i * 4 + j] * h[j];
    a[i] = s;
  }
  for (int i = 0; i < 4; ++i)
    h[i] = std::tanh(a[i]);
}

#pragma adgen grad(W)
double f(const double* W) {
  double h[4] = {1.0, 0.5, -0.5, 0.25};
  for (int l = 0; l < 3; ++l)
    g(W, l, h);
  return h[0] + h[1] + h[2] + h[3];
}
