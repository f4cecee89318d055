// Mutual recursion between two helpers that an annotated function calls.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double g(double x, int n);

double h(double x, int n) {
  if (n == 0) return x;
  // CHECK: {{.*}}recursion_mutual_helpers.cpp:[[@LINE+4]]:10: error: recursive call to 'g' is not supported by adgen
  // CHECK-NEXT: return g(x, n - 1);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}recursion_mutual_helpers.cpp:[[@LINE+1]]:10: note: hint: rewrite the recursion as a loop
  return g(x, n - 1);
}

double g(double x, int n) { return h(x * x, n); }

#pragma adgen jvp
double f(double x) { return g(x, 3); }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
