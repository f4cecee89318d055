// Passing an offset pointer `g(x + 1)` is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double g(const double* p) { return p[0] * p[0]; }

#pragma adgen jvp
double f(const double* x) {
  // CHECK: {{.*}}pointer_arith_call.cpp:[[@LINE+4]]:14: error: argument 1 of the call to 'g' must name a whole array or pointer parameter
  // CHECK-NEXT: return g(x + 1);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}pointer_arith_call.cpp:[[@LINE+1]]:14: note: hint: pass the array itself (f(a)), not an offset or an expression
  return g(x + 1);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
