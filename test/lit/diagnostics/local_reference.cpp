// A local reference to a pointer is refused; references to variables,
// array elements and the places calls return are accepted
// (test/lit/cxx/reference_results.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x, double *p) {
  // CHECK: {{.*}}local_reference.cpp:[[@LINE+4]]:12: error: local reference variable 'e' is not supported by adgen
  // CHECK-NEXT: double *&e = p;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}local_reference.cpp:[[@LINE+1]]:12: note: hint: use the expression directly, bind the reference to a local variable or parameter ('double &r = x;'), or copy the value ('double r = ...;')
  double *&e = p;
  return e[0] * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
