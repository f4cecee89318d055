// A call to a user-defined operator names it and asks for a named function
// (now that enums are accepted as integers; it was refused at the enum
// parameter before, and an operator's derivative would be named
// 'operator*_jvp').
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

enum Unit { Metre, Foot };
double operator*(Unit u, double x) { return u == Metre ? x : 0.3048 * x; }

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}operator_call.cpp:[[@LINE+4]]:15: error: a call to 'operator*' is not supported by adgen
  // CHECK-NEXT: return Foot * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}operator_call.cpp:[[@LINE+1]]:15: note: hint: define a function with a name that does the same (e.g. 'times(a, b)') and call that
  return Foot * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
