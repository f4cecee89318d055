// A range-based for over the rows of a 2-D array is refused, with index
// loops as the hint (one over a 1-D array is accepted: cxx/range_for.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double *x) {
  double a[2][2] = {{x[0], x[1]}, {x[2], x[3]}};
  double s = 0.0;
  // CHECK: {{.*}}range_for.cpp:[[@LINE+4]]:3: error: a range-based for loop over the rows of a 2-D array is not supported by adgen
  // CHECK-NEXT: for (auto &row : a)
  // CHECK-NEXT: {{^ *\| *\^~*}}
  // CHECK-NEXT: {{.*}}range_for.cpp:[[@LINE+1]]:3: note: hint: write index loops: 'for (int i = 0; i < n; ++i) for (int j = 0; j < m; ++j)'
  for (auto &row : a)
    s += row[0] * row[1];
  return s;
}
// CHECK: 1 error generated.
