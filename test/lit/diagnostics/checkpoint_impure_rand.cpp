// rand() inside a checkpointed loop: the backward sweep re-runs the body and
// would draw different numbers.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cstdlib>

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  #pragma adgen checkpoint(every 4)
  for (int i = 0; i < n; ++i) {
    // CHECK: {{.*}}checkpoint_impure_rand.cpp:[[@LINE+7]]:17: error: call to 'rand' inside a checkpointed loop: it draws random numbers, so re-running the loop body in the backward sweep would not give the same values
    // CHECK-NEXT: s += x[i] * rand();
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}checkpoint_impure_rand.cpp:[[@LINE+4]]:17: note: hint: checkpointed loop bodies must be pure: draw the random numbers before the loop and pass them in an array, or remove the checkpoint directive
    // CHECK-NEXT: {{.*}}checkpoint_impure_rand.cpp:[[@LINE-6]]:17: note: the loop checkpointed here
    // CHECK-NEXT: #pragma adgen checkpoint(every 4)
    // CHECK-NEXT: {{^ *\| *~*\^}}
    s += x[i] * rand();
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
