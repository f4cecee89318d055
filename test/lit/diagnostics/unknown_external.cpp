// A call to a function adgen cannot see (declared, not defined).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double mystery(double x);

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}unknown_external.cpp:[[@LINE+4]]:10: error: call to 'mystery', which adgen cannot see or differentiate
  // CHECK-NEXT: return mystery(x) * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}unknown_external.cpp:[[@LINE+1]]:10: note: hint: define 'mystery' in this file, use one of the supported math functions (sin, exp, pow, ...), or give it derivatives of your own: '#pragma adgen derivative(mystery) jvp(mystery_jvp) grad(mystery_grad)'
  return mystery(x) * x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
