// Writes to mutable global arrays and structs are refused (SPEC §5), at the
// write: an element, a member, a compound assignment, an increment, and a
// call whose callee writes the array; a 2-D global array and a const global
// struct other files cannot name are refused where they are read.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp

double g[3] = {1, 2, 3};
double m[2][2];
struct C {
  double re;
  double w[2];
};
C c{1, {2, 3}};
const C fixed{1, {2, 3}};

static void put(double *a, double v) { a[1] = v; }
static void relay(double *a, double v) { put(a, v); }
static double get(const double *a) { return a[1]; }

#pragma adgen grad
double element(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+2]]:3: error: write to global variable 'g' is not supported by adgen
  // CHECK-NEXT: g[1] = x;
  g[1] = x;
  return x;
}

#pragma adgen grad
double member(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+1]]:5: error: write to global variable 'c.re' is not supported by adgen
  c.re += x;
  return x;
}

#pragma adgen grad
double increment(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+1]]:5: error: write to global variable 'c.w' is not supported by adgen
  ++c.w[0];
  return x;
}

#pragma adgen grad
double by_call(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+1]]:3: error: write to global variable 'g' is not supported by adgen
  relay(g, x);
  return x * get(g);
}

#pragma adgen grad
double two_d(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+2]]:10: error: reading the mutable global 2-D array 'm' is not supported by adgen
  // CHECK: note: hint: make it const, or pass it as a parameter
  return m[1][0] * x;
}

#pragma adgen grad
double internal(double x) {
  // CHECK: global_aggregate_write.cpp:[[@LINE+2]]:10: error: reading the const global struct 'fixed', which other files cannot name is not supported by adgen
  // CHECK: note: hint: declare it 'extern const' (or non-const), or pass it as a parameter
  return fixed.re * x;
}

// A copy is a local: writing it is fine (no error here).
#pragma adgen grad
double copied(double x) {
  C d = c;
  d.re = x;
  return d.re * get(c.w);
}
// CHECK: 6 errors generated.
