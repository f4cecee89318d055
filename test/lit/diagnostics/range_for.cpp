// A range-based for loop is named in C++ (it was "statement
// 'CXXForRangeStmt'"), with an index loop as the hint.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double *x) {
  double a[3] = {x[0], x[1], x[2]};
  double s = 0.0;
  // CHECK: {{.*}}range_for.cpp:[[@LINE+4]]:3: error: a range-based for loop is not supported by adgen
  // CHECK-NEXT: for (double v : a)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}range_for.cpp:[[@LINE+1]]:3: note: hint: write an index loop: 'for (int i = 0; i < n; ++i)' over the array's elements
  for (double v : a)
    s += v * v;
  return s;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
