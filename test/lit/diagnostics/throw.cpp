// throw is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}throw.cpp:[[@LINE+4]]:14: error: exceptions (throw) are not supported by adgen
  // CHECK-NEXT: if (x < 0) throw 1;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}throw.cpp:[[@LINE+1]]:14: note: hint: report errors through a return value or a flag instead
  if (x < 0) throw 1;
  return x * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
