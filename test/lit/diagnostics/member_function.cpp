// A directive before a member function definition: the function is there, so
// the error must name what is unsupported (a member function), at the
// function, not claim that no function definition follows.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct S {
#pragma adgen jvp
  // CHECK: {{.*}}member_function.cpp:[[@LINE+2]]:{{[0-9]+}}: error: {{.*}}member function
  // CHECK: {{.*}}member_function.cpp:[[@LINE+1]]:{{[0-9]+}}: note: hint:
  double f(double x) const { return x * x; }
};
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
