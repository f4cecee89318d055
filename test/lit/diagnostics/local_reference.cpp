// A local reference to an array element is called a reference (it was
// "local pointer variable"); references to a variable are accepted.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  double a[2] = {x, 2.0 * x};
  // CHECK: {{.*}}local_reference.cpp:[[@LINE+4]]:11: error: local reference variable 'e' is not supported by adgen
  // CHECK-NEXT: double &e = a[1];
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}local_reference.cpp:[[@LINE+1]]:11: note: hint: use the expression directly, bind the reference to a local variable or parameter ('double &r = x;'), or copy the value ('double r = ...;')
  double &e = a[1];
  return e * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
