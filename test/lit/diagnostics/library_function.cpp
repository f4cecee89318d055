// A call to a function of the math headers that adgen does not
// differentiate is kept only when its arguments are inactive; with an
// active one it is refused, at the call, naming it as the user spelled it
// (and without asking to define it in this file).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cmath>

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}library_function.cpp:[[@LINE+4]]:10: error: call to 'std::beta' with an argument that depends on the differentiated inputs: adgen keeps library calls only when their arguments are inactive, and cannot differentiate 'std::beta'
  // CHECK-NEXT: return std::beta(x, 2.0);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}library_function.cpp:[[@LINE+1]]:10: note: hint: use the math functions adgen differentiates (sin, exp, pow, lgamma, fma, ...; see 'The C++ accepted' in the README), or compute the value with them in a function of this file
  return std::beta(x, 2.0);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
