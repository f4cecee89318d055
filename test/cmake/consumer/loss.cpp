// adgen's input: ordinary C++ with adgen directives (it also compiles as is).
#include <cmath>

// The seed's neuron: z = w.x, h = tanh z, L = (h - y)^2 / 2.
#pragma adgen grad(w)
double neuron_loss(const double *x, const double *w, double y) {
  double z = 0.0;
  for (int i = 0; i < 3; ++i)
    z += w[i] * x[i];
  double h = std::tanh(z);
  return 0.5 * (h - y) * (h - y);
}

// A small recurrence whose adjoint re-runs its loop from snapshots (the
// runtime's checkpoint headers from the installed package).
#pragma adgen grad(w)
double chain_loss(const double *w, double h0, int n) {
  double h = h0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < n; ++t)
    h = std::sin(w[0] * h + w[1]);
  return h * h;
}
