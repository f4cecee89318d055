// A structured binding is named in C++ (it was "expression 'reference to
// 'p''", at the first use).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  double a[2] = {x, 2.0};
  // CHECK: {{.*}}structured_binding.cpp:[[@LINE+4]]:8: error: a structured binding declaration ('auto [a, b] = ...') is not supported by adgen
  // CHECK-NEXT: auto [p, q] = a;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}structured_binding.cpp:[[@LINE+1]]:8: note: hint: declare the variables one by one
  auto [p, q] = a;
  return p * q;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
