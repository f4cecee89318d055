// The seed's neuron: z = w·x, h = tanh z, L = ½(h − y)².
#include <cmath>

#pragma adgen jvp(w)
#pragma adgen grad(w)
double neuron_loss(const double* x, const double* w, double y) {
  double z = 0.0;
  for (int i = 0; i < 3; ++i)
    z += w[i] * x[i];
  double h = std::tanh(z);
  double L = 0.5 * (h - y) * (h - y);
  return L;
}
