// Direct recursion is rejected at the recursive call.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, int n) {
  if (n == 0) return x;
  // CHECK: {{.*}}recursion_direct.cpp:[[@LINE+4]]:10: error: recursive call to 'f' is not supported by adgen
  // CHECK-NEXT: return f(x * x, n - 1);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}recursion_direct.cpp:[[@LINE+1]]:10: note: hint: rewrite the recursion as a loop
  return f(x * x, n - 1);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
