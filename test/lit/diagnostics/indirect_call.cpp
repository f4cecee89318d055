// An indirect call through a function pointer is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double sq(double x) { return x * x; }
double (*fp)(double) = sq;

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}indirect_call.cpp:[[@LINE+4]]:10: error: indirect call through a function pointer is not supported by adgen
  // CHECK-NEXT: return fp(x) * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}indirect_call.cpp:[[@LINE+1]]:10: note: hint: call a function defined in this file by name
  return fp(x) * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
