// The seed's neuron (copied from examples/neuron/neuron.cpp): forward mode
// needs n = 3 sweeps of n + 2 = 5 tangent products, 15 in all (n(n + 2)).
// RUN: adgen %s --emit=stats -o - | FileCheck %s
// RUN: adgen %s --emit=stats -o %t.txt
// RUN: FileCheck %s < %t.txt

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

// The primal: 3 products w[i]*x[i], 0.5*(h-y), *(h-y); 3 accumulations and
// two h - y; one tanh.
// CHECK: function neuron_loss (primal)
// CHECK-NEXT: mul 5, add/sub 5, div 0, transcendental 1,
// CHECK: function neuron_loss_jvp (jvp w.r.t. w[3])
// CHECK-NOT: function
// CHECK: tangent products per sweep: 5
// CHECK-NOT: function
// CHECK: 3 sweeps x 5 = 15
