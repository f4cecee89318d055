// A const global whose value is not a compile-time constant: the message
// says so (it was "read of non-constant global variable" with the hint
// "make it a const global", which it is).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cmath>
const double root2 = std::sqrt(2.0);

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}const_global_not_constant.cpp:[[@LINE+4]]:10: error: the value of const global variable 'root2' is not a compile-time constant
  // CHECK-NEXT: return root2 * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}const_global_not_constant.cpp:[[@LINE+1]]:10: note: hint: adgen copies const globals into the generated code: give 'root2' an initializer it can evaluate (literals, constexpr arithmetic), or pass it as a parameter
  return root2 * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
