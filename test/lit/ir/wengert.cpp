// The seed's Wengert (1964) example: y = x1*x2 + sin(x2*x3) is exactly four
// steps, v1 = x1*x2, v2 = x2*x3, v3 = sin v2, y = v1 + v3, then return y.
// RUN: adgen %s --emit=wengert -o - | FileCheck %s --match-full-lines
// Written to a file, the same list.
// RUN: adgen %s --emit=wengert -o %t.txt
// RUN: FileCheck %s --match-full-lines < %t.txt
#include <cmath>

#pragma adgen jvp
double wengert(double x1, double x2, double x3) {
  double y = x1 * x2 + std::sin(x2 * x3);
  return y;
}

// CHECK: {{.*}}wengert(double x1, double x2, double x3){{.*}}{
// CHECK-NEXT: v1 = x1 * x2
// CHECK-NEXT: v2 = x2 * x3
// CHECK-NEXT: v3 = sin(v2)
// CHECK-NEXT: y = v1 + v3
// CHECK-NEXT: return y
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
