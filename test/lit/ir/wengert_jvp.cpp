// --emit=wengert --show=jvp prints the Wengert list of the tangent function:
// the primal steps, one tangent product per active input (three here), the
// output tangent stored through *wengert_dot, and the primal value returned.
// RUN: adgen %s --emit=wengert --show=jvp -o - | FileCheck %s
#include <cmath>

#pragma adgen jvp
double wengert(double x1, double x2, double x3) {
  double y = x1 * x2 + std::sin(x2 * x3);
  return y;
}

// CHECK: wengert_jvp(double x1, double x2, double x3, double x1_dot, double x2_dot, double x3_dot, double* wengert_dot){{.*}}{
// CHECK-DAG: [[S:v[0-9]+]] = x2 * x3
// CHECK-DAG: = cos([[S]])
// CHECK-DAG: = sin([[S]])
// CHECK-DAG: * x1_dot {{ *}}; tangent product
// CHECK-DAG: * x2_dot {{ *}}; tangent product
// CHECK-DAG: * x3_dot {{ *}}; tangent product
// CHECK: y_dot =
// CHECK-NEXT: *wengert_dot = y_dot
// CHECK-NEXT: return y
// CHECK-NEXT: }
// Exactly three tangent products and one sin/cos each: nothing recomputed.
// RUN: adgen %s --emit=wengert --show=jvp -o - | grep -c "tangent product" | FileCheck %s --check-prefix=THREE
// THREE: {{^}}3{{$}}
// RUN: adgen %s --emit=wengert --show=jvp -o - | grep -c "sin(" | FileCheck %s --check-prefix=ONE
// RUN: adgen %s --emit=wengert --show=jvp -o - | grep -c "cos(" | FileCheck %s --check-prefix=ONE
// ONE: {{^}}1{{$}}
