// Impure code outside a checkpointed loop keeps the general diagnostic: the
// loop's init runs once, so rand() there is rejected only because adgen
// cannot see it.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#include <cstdlib>

#pragma adgen grad
double f(const double* x, int n) {
  double s = 0.0;
  #pragma adgen checkpoint(every 4)
  // CHECK: {{.*}}checkpoint_impure_outside.cpp:[[@LINE+4]]:16: error: call to 'rand', which adgen cannot see or differentiate
  // CHECK-NEXT: for (int i = rand() % 2; i < n; ++i)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}checkpoint_impure_outside.cpp:[[@LINE+1]]:16: note: hint: define 'rand' in this file, use one of the supported math functions
  for (int i = rand() % 2; i < n; ++i)
    s = s * 0.5 + x[i];
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
