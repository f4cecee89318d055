// Mutual recursion (f -> g -> f) is rejected at the call that closes the cycle.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double g(double x, int n);

#pragma adgen jvp(x)
double f(double x, int n) {
  if (n == 0) return x;
  return g(x * x, n - 1);
}

// CHECK: {{.*}}recursion_mutual.cpp:[[@LINE+4]]:36: error: recursive call to 'f' is not supported by adgen
// CHECK-NEXT: double g(double x, int n) { return f(x, n); }
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}recursion_mutual.cpp:[[@LINE+1]]:36: note: hint: rewrite the recursion as a loop
double g(double x, int n) { return f(x, n); }

// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
