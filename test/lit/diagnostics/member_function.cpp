// A directive before a virtual member function: the function is there, so
// the error names what is unsupported (a virtual function), at the
// function, not claiming that no function definition follows. (Methods that
// are not virtual are accepted: test/lit/cxx/methods_operators.cpp.)
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cpp

struct S {
  virtual ~S() {}
#pragma adgen jvp
  // CHECK: {{.*}}member_function.cpp:[[@LINE+2]]:18: error: virtual function 'f' is not supported by adgen
  // CHECK: {{.*}}member_function.cpp:[[@LINE+1]]:18: note: hint: differentiate a non-virtual method or a free function
  virtual double f(double x) const { return x * x; }
};
// CHECK: 1 error generated.
