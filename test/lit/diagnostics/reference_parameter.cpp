// A reference parameter is rejected at the parameter.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}reference_parameter.cpp:[[@LINE+4]]:18: error: reference parameter 'x' is not supported by adgen
// CHECK-NEXT: double f(double& x) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}reference_parameter.cpp:[[@LINE+1]]:18: note: hint: pass a pointer (T*) for outputs, or the value for inputs
double f(double& x) {
  return x * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
