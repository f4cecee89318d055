// The GNU `x ?: y` operator is named in C++ (it was "expression
// 'BinaryConditionalOperator'").
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}gnu_conditional.cpp:[[@LINE+4]]:10: error: the GNU '?:' operator (x ?: y) is not supported by adgen
  // CHECK-NEXT: return x ?: 1.0;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}gnu_conditional.cpp:[[@LINE+1]]:10: note: hint: write the full conditional: 'x ? x : y'
  return x ?: 1.0;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
