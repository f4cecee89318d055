// switch is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, int k) {
  // CHECK: {{.*}}switch.cpp:[[@LINE+4]]:3: error: switch statements are not supported by adgen
  // CHECK-NEXT: switch (k) {
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}switch.cpp:[[@LINE+1]]:3: note: hint: use if / else if chains
  switch (k) {
  case 0:
    return x;
  default:
    return x * x;
  }
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
