// The usual way to write it, `double* p = new double[4]`, must name the allocation.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}new_local_pointer.cpp:[[@LINE+4]]:15: error: dynamic allocation (new) is not supported by adgen
  // CHECK-NEXT: double* p = new double[4];
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}new_local_pointer.cpp:[[@LINE+1]]:15: note: hint: use a fixed-size local array or pass a buffer as a pointer parameter
  double* p = new double[4];
  p[0] = x;
  double y = p[0] * x;
  delete[] p;
  return y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
