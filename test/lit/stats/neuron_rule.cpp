// The n(n + 2) rule for forward mode over the neuron, for several n given
// through -D (which also checks that -D reaches the parser).
// RUN: adgen %s --emit=stats -o - -DN=2 | FileCheck %s --check-prefix=N2
// RUN: adgen %s --emit=stats -o - -DN=5 | FileCheck %s --check-prefix=N5
// RUN: adgen %s --emit=stats -o - -DN=8 | FileCheck %s --check-prefix=N8
// RUN: adgen %s --emit=stats -o - -DN=16 | FileCheck %s --check-prefix=N16
#include <cmath>

#pragma adgen jvp(w)
double neuron_loss(const double* x, const double* w, double y) {
  double z = 0.0;
  for (int i = 0; i < N; ++i)
    z += w[i] * x[i];
  double h = std::tanh(z);
  double L = 0.5 * (h - y) * (h - y);
  return L;
}

// N2: function neuron_loss_jvp (jvp w.r.t. w[2])
// N2: tangent products per sweep: 4
// N2: 2 sweeps x 4 = 8 tangent products
// N5: function neuron_loss_jvp (jvp w.r.t. w[5])
// N5: tangent products per sweep: 7
// N5: 5 sweeps x 7 = 35 tangent products
// N8: function neuron_loss_jvp (jvp w.r.t. w[8])
// N8: tangent products per sweep: 10
// N8: 8 sweeps x 10 = 80 tangent products
// N16: function neuron_loss_jvp (jvp w.r.t. w[16])
// N16: tangent products per sweep: 18
// N16: 16 sweeps x 18 = 288 tangent products
