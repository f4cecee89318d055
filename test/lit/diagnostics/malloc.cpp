// A pointer local from malloc names the allocation (heap scratch is not
// lowered yet).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp
#include <cstdlib>

#pragma adgen jvp
double f(double x, int n) {
  // CHECK: {{.*}}malloc.cpp:[[@LINE+4]]:25: error: dynamic allocation (malloc) is not supported by adgen
  // CHECK-NEXT: double *t = (double *)malloc(n * sizeof(double));
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}malloc.cpp:[[@LINE+1]]:25: note: hint: use a fixed-size local array or pass a buffer as a pointer parameter
  double *t = (double *)malloc(n * sizeof(double));
  t[0] = x;
  double y = t[0] * x;
  free(t);
  return y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
