// A write to a global inside a checkpointed loop: re-running the body in the
// backward sweep would write it again.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double last = 0.0;

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  #pragma adgen checkpoint(every 2)
  for (int i = 0; i < n; ++i) {
    s = s * x[i] + 1.0;
    // CHECK: {{.*}}checkpoint_impure_global_write.cpp:[[@LINE+7]]:5: error: write to global variable 'last' inside a checkpointed loop: re-running the loop body in the backward sweep would not give the same values
    // CHECK-NEXT: last = s;
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}checkpoint_impure_global_write.cpp:[[@LINE+4]]:5: note: hint: make it part of the loop state: pass it as a pointer parameter
    // CHECK-NEXT: {{.*}}checkpoint_impure_global_write.cpp:[[@LINE-7]]:17: note: the loop checkpointed here
    // CHECK-NEXT: #pragma adgen checkpoint(every 2)
    // CHECK-NEXT: {{^ *\| *~*\^}}
    last = s;
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
