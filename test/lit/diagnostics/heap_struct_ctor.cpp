// A heap array of structs whose elements a constructor or default member
// initializers set up is refused (adgen's scratch is zero-filled); so is a
// vector of structs filled with one value.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <vector>

struct Seeded {
  double v = 2.0;
};

#pragma adgen grad
double seeded(double x, int n) {
  // CHECK: heap_struct_ctor.cpp:[[@LINE+2]]:11: error: a heap array of 'Seeded', whose elements a constructor or default member initializers set up is not supported by adgen
  // CHECK: note: hint: use a local array 'T a[N]', or a struct without them
  Seeded *s = new Seeded[n];
  s[0].v *= x;
  double r = s[0].v;
  delete[] s;
  return r;
}

struct Plain {
  double v;
};

#pragma adgen grad
double filled(double x, int n) {
  Plain p{x};
  // CHECK: heap_struct_ctor.cpp:[[@LINE+1]]:22: error: {{.*}} is an allocation adgen cannot size
  std::vector<Plain> v(n, p);
  return v[0].v;
}
// CHECK: 2 errors generated.
