// A GNU statement expression is named in C++ (it was "expression
// 'StmtExpr'").
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}statement_expression.cpp:[[@LINE+4]]:10: error: a statement expression ('({ ... })') is not supported by adgen
  // CHECK-NEXT: return ({ double t = x * x; t; });
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}statement_expression.cpp:[[@LINE+1]]:10: note: hint: compute the value in statements before the expression, or in a function defined in this file
  return ({ double t = x * x; t; });
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
