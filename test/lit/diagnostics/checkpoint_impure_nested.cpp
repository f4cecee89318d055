// An impure call anywhere inside a checkpointed loop (here in an if inside a
// nested loop) gets the checkpoint diagnostic.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <ctime>

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  int i = 0;
  #pragma adgen checkpoint(binomial 3)
  while (i < n) {
    for (int j = 0; j < 3; ++j) {
      if (j == 2) {
        // CHECK: {{.*}}checkpoint_impure_nested.cpp:[[@LINE+7]]:29: error: call to 'time' inside a checkpointed loop: it reads the clock, so re-running the loop body in the backward sweep would not give the same values
        // CHECK-NEXT: s += x[i] * (double)time(nullptr);
        // CHECK-NEXT: {{^ *\| *~*\^}}
        // CHECK-NEXT: {{.*}}checkpoint_impure_nested.cpp:[[@LINE+4]]:29: note: hint: checkpointed loop bodies must be pure: read the clock before the loop and pass the value in, or remove the checkpoint directive
        // CHECK-NEXT: {{.*}}checkpoint_impure_nested.cpp:[[@LINE-8]]:17: note: the loop checkpointed here
        // CHECK-NEXT: #pragma adgen checkpoint(binomial 3)
        // CHECK-NEXT: {{^ *\| *~*\^}}
        s += x[i] * (double)time(nullptr);
      }
      s = s * 0.5;
    }
    ++i;
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
