// A malloc whose byte count is not `n * sizeof(T)` cannot be sized as an
// array of T: refused at the allocation (the forms adgen takes:
// test/lit/cxx/heap_scratch.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp
#include <cstdlib>

#pragma adgen jvp
double f(double x, int n) {
  // CHECK: {{.*}}malloc.cpp:[[@LINE+4]]:25: error: 'malloc(8 * n)' is an allocation adgen cannot size
  // CHECK-NEXT: double *t = (double *)malloc(8 * n);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}malloc.cpp:[[@LINE+1]]:25: note: hint: allocate an array of a counted number of elements: 'new T[n]', 'malloc(n * sizeof(T))', 'calloc(n, sizeof(T))', 'std::vector<T> v(n)' or 'v(n, x)'
  double *t = (double *)malloc(8 * n);
  t[0] = x;
  double y = t[0] * x;
  free(t);
  return y;
}
// CHECK: 1 error generated.
