// Testing a row of a T ** against null is refused and named as that (a
// pointer parameter and pointers into it are tested: cxx/null_tests.cpp),
// as is comparing one with nullptr; comparing pointers into two different
// arrays is refused, naming both.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double *const *rows, double x) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+4]]:7: error: testing pointer 'rows[0]' against null is not supported by adgen
  // CHECK-NEXT: if (rows[0])
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}pointer_null_test.cpp:[[@LINE+1]]:7: note: hint: adgen tests pointer parameters and pointers into them ('if (out)', 'p != nullptr'), not rows or other pointers; pass a flag or a size that says whether there is data
  if (rows[0])
    return rows[0][0] * x;
  return x;
}
#pragma adgen jvp
double g(const double *const *rows, double x) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+1]]:7: error: testing pointer 'rows[1]' against null is not supported by adgen
  if (rows[1] != nullptr)
    return rows[1][0] * x;
  return x;
}

#pragma adgen jvp
double h(const double *p, const double *q, double x) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+2]]:31: error: comparing pointers into different arrays ('p' and 'q') is not supported by adgen
  // CHECK-NEXT: for (const double *r = p; r != q + 2; ++r)
  for (const double *r = p; r != q + 2; ++r)
    x *= *r;
  return x;
}
static double reads(const double *a, const double *b) { return a[0] + b[0]; }

// A null argument is taken only for a parameter the callee never uses.
#pragma adgen jvp
double k(const double *a) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+1]]:19: error: argument 2 of the call to 'reads' must name a whole array or pointer parameter
  return reads(a, nullptr);
}
// CHECK: 4 errors generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
