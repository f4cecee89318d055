// Dereferencing an offset pointer `*(p + 1)` is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double* p) {
  // CHECK: {{.*}}pointer_arith_deref.cpp:[[@LINE+4]]:11: error: pointer arithmetic or address-of on 'const double *' is not supported by adgen
  // CHECK-NEXT: return *(p + 1) * p[0];
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}pointer_arith_deref.cpp:[[@LINE+1]]:11: note: hint: index the array directly (a[i + k]) instead of offsetting the pointer
  return *(p + 1) * p[0];
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
