// delete is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, double* p) {
  // CHECK: {{.*}}delete.cpp:[[@LINE+4]]:3: error: dynamic allocation (delete) is not supported by adgen
  // CHECK-NEXT: delete p;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}delete.cpp:[[@LINE+1]]:3: note: hint: use a fixed-size local array or pass a buffer as a pointer parameter
  delete p;
  return x * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
