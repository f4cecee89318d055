// A mutable global with internal linkage cannot be reached from the
// generated file by name: its read is refused, at the read (globals with
// external linkage are read as passive values: test/lit/cxx/globals.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp

static double hidden = 1.5;

#pragma adgen grad
double f(double x) {
  // CHECK: {{.*}}global_read_static.cpp:[[@LINE+2]]:14: error: read of non-constant global variable 'hidden' is not supported by adgen
  // CHECK: note: hint: make it a const global or pass it as a parameter
  return x * hidden;
}
// CHECK: 1 error generated.
