// A reference to a pointer the function re-points is rejected at the
// parameter (one it never re-points is the pointer: cxx/pointer_ref_params
// .cpp; references to scalars and structs: test/lit/cxx/references.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}reference_parameter.cpp:[[@LINE+4]]:19: error: reference parameter 'x' is not supported by adgen
// CHECK-NEXT: double f(double *&x) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}reference_parameter.cpp:[[@LINE+1]]:19: note: hint: pass a pointer (T*) for outputs, or the value for inputs
double f(double *&x) {
  ++x;
  return x[0] * x[0];
}
// CHECK: 1 error generated.
