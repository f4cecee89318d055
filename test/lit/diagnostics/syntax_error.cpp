// A syntax error in the input: clang's diagnostic, exit 1, no crash, no output.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}syntax_error.cpp:[[@LINE+3]]:14: error: expected expression
  // CHECK-NEXT: return x * ;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  return x * ;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
