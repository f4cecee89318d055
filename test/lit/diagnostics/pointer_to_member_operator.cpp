// A binary operator adgen has no IR for (bitwise operators and shifts on
// integers are accepted, lit cxx/bitwise_ints.cpp) is named in C++, with a
// hint: here a pointer-to-member access.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct P {
  double a, b;
};

#pragma adgen jvp
double f(double x, int k) {
  P p{x, 2 * x};
  // CHECK: {{.*}}pointer_to_member_operator.cpp:[[@LINE+4]]:15: error: a pointer-to-member access ('.*') is not supported by adgen
  // CHECK-NEXT: return k ? p.*(&P::b) : p.a;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}pointer_to_member_operator.cpp:[[@LINE+1]]:15: note: hint: pass the data as separate scalars or arrays
  return k ? p.*(&P::b) : p.a;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
