// The neuron with n = 4 inputs: n + 2 = 6 tangent products per sweep, 4
// sweeps, n(n + 2) = 24 in all.
// RUN: adgen %s --emit=stats -o - | FileCheck %s
#include <cmath>

#pragma adgen jvp(w)
double neuron_loss(const double* x, const double* w, double y) {
  double z = 0.0;
  for (int i = 0; i < 4; ++i)
    z += w[i] * x[i];
  double h = std::tanh(z);
  double L = 0.5 * (h - y) * (h - y);
  return L;
}

// CHECK: function neuron_loss (primal)
// CHECK-NEXT: mul 6, add/sub 6, div 0, transcendental 1,
// CHECK: function neuron_loss_jvp (jvp w.r.t. w[4])
// CHECK-NOT: function
// CHECK: tangent products per sweep: 6
// CHECK-NOT: function
// CHECK: 4 sweeps x 6 = 24
