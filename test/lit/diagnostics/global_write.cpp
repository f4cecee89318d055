// A write to a global is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double counter = 0.0;

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}global_write.cpp:[[@LINE+4]]:3: error: write to global variable 'counter' is not supported by adgen
  // CHECK-NEXT: counter = x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}global_write.cpp:[[@LINE+1]]:3: note: hint: pass the state as a pointer parameter
  counter = x;
  return x * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
