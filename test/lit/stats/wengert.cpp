// Stats of the Wengert example: the primal is 2 multiplications, 1 addition
// and 1 sin; its tangent w.r.t. the 3 inputs costs 3 tangent products a sweep.
// RUN: adgen %s --emit=stats -o - | FileCheck %s
#include <cmath>

#pragma adgen jvp
double wengert(double x1, double x2, double x3) {
  double y = x1 * x2 + std::sin(x2 * x3);
  return y;
}

// CHECK: function wengert (primal)
// CHECK-NEXT: mul 2, add/sub 1, div 0, transcendental 1,
// CHECK: function wengert_jvp
// CHECK: tangent products per sweep: 3
// CHECK: 3 sweeps x 3 = 9
