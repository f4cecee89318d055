// A call returning a reference or pointer is inlined, and each of its
// returns must name one place of the caller (cxx/reference_results.cpp,
// cxx/pointer_results.cpp). Refused: only null pointers, two different
// variables on two paths, a local of the callee, recursion, a return
// inside a loop.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

static double *never(double *) { return nullptr; }
#pragma adgen jvp
// CHECK: {{.*}}returned_place.cpp:[[@LINE+4]]:30: error: 'never' returns only null pointers, which adgen cannot follow to one of its parameters or to a variable of its caller
// CHECK-NEXT: double f(double x) { return *never(&x); }
// CHECK-NEXT: {{^ *\| *\^~*}}
// CHECK-NEXT: {{.*}}returned_place.cpp:[[@LINE+1]]:30: note: hint: return a reference or pointer into one of its parameters (or captures) on every path, or return the value
double f(double x) { return *never(&x); }

static double &bigger(double &a, double &b) {
  if (a > b)
    return a;
  // CHECK: {{.*}}returned_place.cpp:[[@LINE+1]]:10: error: 'bigger' returns 'b' on one path and another variable on another, which adgen cannot follow to one of its parameters or to a variable of its caller
  return b;
}
#pragma adgen grad
double g(double x, double y) { return bigger(x, y) * 2; }

static double &scratch(double x) {
  double t[2] = {x, 2 * x};
  // CHECK: {{.*}}returned_place.cpp:[[@LINE+1]]:10: error: 'scratch' returns a reference or pointer to its own local 't[1]', which adgen cannot follow to one of its parameters or to a variable of its caller
  return t[1];
}
#pragma adgen jvp
double h(double x) { return scratch(x) * x; }

// CHECK: {{.*}}returned_place.cpp:[[@LINE+1]]:42: error: a recursive call to 'again', which returns a reference or pointer is not supported by adgen
static double &again(double &v) { return again(v); }
#pragma adgen jvp
double k(double x) { return again(x); }

static double &first_positive(double *p, int n) {
  for (int i = 0; i < n; ++i)
    if (p[i] > 0)
      // CHECK: {{.*}}returned_place.cpp:[[@LINE+1]]:7: error: a return inside a loop of 'first_positive', which returns a reference or pointer, is not supported by adgen
      return p[i];
  return p[0];
}
#pragma adgen grad
double m(double *a) { return first_positive(a, 3) * a[1]; }

// CHECK: 5 errors generated.
