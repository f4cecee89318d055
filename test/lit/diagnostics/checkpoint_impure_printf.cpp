// printf inside a checkpointed loop: re-running the body would print again.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cstdio>

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  #pragma adgen checkpoint(recompute)
  for (int i = 0; i < n; ++i) {
    s = s * 0.5 + x[i];
    // CHECK: {{.*}}checkpoint_impure_printf.cpp:[[@LINE+7]]:5: error: call to 'printf' inside a checkpointed loop: it does I/O, so re-running the loop body in the backward sweep would repeat it or not give the same values
    // CHECK-NEXT: printf("s = %g\n", s);
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}checkpoint_impure_printf.cpp:[[@LINE+4]]:5: note: hint: checkpointed loop bodies must be pure: do the I/O before or after the loop and pass the data in an array, or remove the checkpoint directive
    // CHECK-NEXT: {{.*}}checkpoint_impure_printf.cpp:[[@LINE-7]]:17: note: the loop checkpointed here
    // CHECK-NEXT: #pragma adgen checkpoint(recompute)
    // CHECK-NEXT: {{^ *\| *~*\^}}
    printf("s = %g\n", s);
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
