// A directive before a constructor (or destructor) is about it: refused as a special
// member function there, not silently applied to the next definition.
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cpp

struct Spring {
  double k;
#pragma adgen jvp
  // CHECK: constructor.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'Spring' (a constructor, destructor or conversion) is not supported by adgen
  explicit Spring(double stiffness) : k(stiffness) {}
#pragma adgen grad
  // CHECK: constructor.cpp:[[@LINE+1]]:{{[0-9]+}}: error: '~Spring' (a constructor, destructor or conversion) is not supported by adgen
  ~Spring() {}
};

double energy(double x) { return 0.5 * x * x; }
// CHECK: 2 errors generated.
