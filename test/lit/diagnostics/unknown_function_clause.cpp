// An unknown clause after a function directive is an error at the clause.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

// CHECK: {{.*}}unknown_function_clause.cpp:[[@LINE+4]]:22: error: unknown adgen directive 'frob'
// CHECK-NEXT: #pragma adgen jvp(x) frob(x)
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}unknown_function_clause.cpp:[[@LINE+1]]:22: note: hint: known directives are jvp, grad, size, batch and checkpoint
#pragma adgen jvp(x) frob(x)
double f(double x) { return x * x; }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
