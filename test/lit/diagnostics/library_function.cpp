// A call to a function defined in a system header (not a math function
// adgen knows) does not ask to define it in this file.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cmath>

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}library_function.cpp:[[@LINE+4]]:10: error: call to 'beta', a library function adgen cannot differentiate
  // CHECK-NEXT: return std::beta(x, 2.0);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}library_function.cpp:[[@LINE+1]]:10: note: hint: use one of the supported math functions (sin, exp, pow, fmin, ...), or compute it in a function defined in this file
  return std::beta(x, 2.0);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
