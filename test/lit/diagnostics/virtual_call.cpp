// A virtual call is rejected at the call.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct B {
  virtual double g(double x) const { return x; }
};
extern const B gb;

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}virtual_call.cpp:[[@LINE+4]]:13: error: virtual call to 'g' is not supported by adgen
  // CHECK-NEXT: return gb.g(x) * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}virtual_call.cpp:[[@LINE+1]]:13: note: hint: call a free function defined in this file instead
  return gb.g(x) * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
