// `*new double(x)` is an allocation, not pointer arithmetic or address-of.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}new_deref.cpp:[[@LINE+4]]:15: error: dynamic allocation (new) is not supported by adgen
  // CHECK-NEXT: double y = *new double(x);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}new_deref.cpp:[[@LINE+1]]:15: note: hint: use a fixed-size local array or pass a buffer as a pointer parameter
  double y = *new double(x);
  return y * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
