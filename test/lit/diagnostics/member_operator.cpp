// A user-defined conversion operator used in differentiated code is named
// (it was "conversion from 'double' to 'double'"). Operators of user types
// that are functions (`operator+`, a member `operator()`) are accepted:
// test/lit/cxx/methods_operators.cpp.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cpp

struct T {
  double k;
  explicit operator double() const { return k; }
};

#pragma adgen jvp
double g(double x) {
  T t{x};
  // CHECK: {{.*}}member_operator.cpp:[[@LINE+4]]:30: error: 'T::operator double' (a constructor, destructor or conversion) is not supported by adgen
  // CHECK-NEXT: return static_cast<double>(t) * x;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: note: hint: initialise structs with brace lists
  return static_cast<double>(t) * x;
}
// CHECK: 1 error generated.
