// A function of the file called from a checkpointed loop must be pure too:
// the error stands at the impure call inside the callee, and notes lead back
// through the calls to the loop.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cstdlib>

double noise(double x) {
  // CHECK: {{.*}}checkpoint_impure_callee.cpp:[[@LINE+4]]:14: error: call to 'rand' inside a checkpointed loop: it draws random numbers, so re-running the loop body in the backward sweep would not give the same values
  // CHECK-NEXT: return x + rand() * 1e-3;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}checkpoint_impure_callee.cpp:[[@LINE+1]]:14: note: hint: checkpointed loop bodies must be pure: draw the random numbers before the loop and pass them in an array, or remove the checkpoint directive
  return x + rand() * 1e-3;
}

double step(double h, double w) {
  // CHECK-NEXT: {{.*}}checkpoint_impure_callee.cpp:[[@LINE+3]]:14: note: 'noise' is called here, inside the checkpointed loop
  // CHECK-NEXT: return w * noise(h) + 1.0;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  return w * noise(h) + 1.0;
}

#pragma adgen grad
double f(const double* w, int n) {
  double h = 1.0;
  // CHECK-NEXT: {{.*}}checkpoint_impure_callee.cpp:[[@LINE+6]]:9: note: 'step' is called here, inside the checkpointed loop
  // CHECK-NEXT: h = step(h, w[t]);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}checkpoint_impure_callee.cpp:[[@LINE+1]]:17: note: the loop checkpointed here
  #pragma adgen checkpoint(every 4)
  for (int t = 0; t < n; ++t)
    h = step(h, w[t]);
  return h;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
