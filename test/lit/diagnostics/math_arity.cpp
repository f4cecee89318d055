// A math function adgen knows, called with another number of arguments
// (C++17's 3-argument hypot), says which arity adgen differentiates.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cmath>

#pragma adgen jvp
double f(double x, double y) {
  // CHECK: {{.*}}math_arity.cpp:[[@LINE+4]]:10: error: 'hypot' with 3 arguments is not supported by adgen
  // CHECK-NEXT: return std::hypot(x, y, 1.0);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}math_arity.cpp:[[@LINE+1]]:10: note: hint: adgen differentiates 'hypot' with 2 arguments: nest the calls
  return std::hypot(x, y, 1.0);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
