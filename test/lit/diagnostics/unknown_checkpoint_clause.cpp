// An unknown checkpoint clause is an error at the clause.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x, int n) {
  double s = x;
  // CHECK: {{.*}}unknown_checkpoint_clause.cpp:[[@LINE+4]]:28: error: unknown clause 'sometimes' in checkpoint directive
  // CHECK-NEXT: #pragma adgen checkpoint(sometimes)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}unknown_checkpoint_clause.cpp:[[@LINE+1]]:28: note: hint: use one of: every S, auto, binomial C, all, recompute, budget BYTES
  #pragma adgen checkpoint(sometimes)
  for (int i = 0; i < n; ++i) s = s * x;
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
