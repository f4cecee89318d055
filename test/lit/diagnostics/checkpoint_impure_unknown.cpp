// A function adgen cannot see, called inside a checkpointed loop: nothing
// says re-running it in the backward sweep gives the same values.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double mystery(double x);

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  #pragma adgen checkpoint(auto)
  for (int i = 0; i < n; ++i) {
    // CHECK: {{.*}}checkpoint_impure_unknown.cpp:[[@LINE+7]]:13: error: call to 'mystery', which adgen cannot see, inside a checkpointed loop: re-running the loop body in the backward sweep needs it to give the same values
    // CHECK-NEXT: s = s + mystery(x[i]);
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}checkpoint_impure_unknown.cpp:[[@LINE+4]]:13: note: hint: define 'mystery' in this file (adgen then checks it is pure), or compute its results before the loop and pass them in an array, or remove the checkpoint directive
    // CHECK-NEXT: {{.*}}checkpoint_impure_unknown.cpp:[[@LINE-6]]:17: note: the loop checkpointed here
    // CHECK-NEXT: #pragma adgen checkpoint(auto)
    // CHECK-NEXT: {{^ *\| *~*\^}}
    s = s + mystery(x[i]);
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
