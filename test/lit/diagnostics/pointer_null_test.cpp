// Testing a pointer against null is named as that (it was "pointer
// arithmetic or address-of"), as is comparing it with nullptr; comparing
// pointers into two different arrays is refused, naming both.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(const double *p, double x) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+4]]:7: error: testing pointer 'p' against null is not supported by adgen
  // CHECK-NEXT: if (p)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}pointer_null_test.cpp:[[@LINE+1]]:7: note: hint: adgen assumes pointer parameters point to arrays; pass a flag or a size that says whether there is data
  if (p)
    return p[0] * x;
  return x;
}
#pragma adgen jvp
double g(const double *p, double x) {
  // CHECK: {{.*}}pointer_null_test.cpp:[[@LINE+1]]:7: error: testing pointer 'p' against null is not supported by adgen
  if (p != nullptr)
    return p[0] * x;
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
