// What adgen still refuses of structs and references, each with a located
// error and a hint: writing a member array of a struct passed by value (a
// copy in C++). An array element passed to a `double &` is accepted
// (cxx/struct_arrays.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cpp

struct Buf { double w[4]; };

#pragma adgen grad
double f(Buf b, double x) {
  // CHECK: {{.*}}struct_refused.cpp:[[@LINE+2]]:3: error: 'f' writes member array 'b.w' of a struct passed by value
  // CHECK: note: hint: pass the struct by reference ('Buf &') or copy the member into a local array first
  b.w[0] = x;
  return b.w[0] * b.w[1];
}

// CHECK: 1 error generated.
