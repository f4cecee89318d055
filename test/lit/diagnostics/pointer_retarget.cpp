// A local pointer follows one array: re-pointing it into another is
// refused at the assignment.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double* x, const double* y, int n) {
  const double* p = x;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += *p;
    // CHECK: {{.*}}pointer_retarget.cpp:[[@LINE+4]]:7: error: pointer 'p' points into 'x' and cannot be re-pointed into 'y'
    // CHECK-NEXT: p = y + i;
    // CHECK-NEXT: {{^ *\| *~*\^}}
    // CHECK-NEXT: {{.*}}pointer_retarget.cpp:[[@LINE+1]]:7: note: hint: use one pointer per array: adgen follows a local pointer as its array and an offset
    p = y + i;
  }
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
