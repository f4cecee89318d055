// An annotated member operator is named (the message said "member
// function ''").
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

struct Scale {
  double k;
#pragma adgen jvp
  // CHECK: {{.*}}member_operator.cpp:[[@LINE+4]]:10: error: member function 'operator()' is not supported by adgen
  // CHECK-NEXT: double operator()(double x) const { return k * x; }
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}member_operator.cpp:[[@LINE+1]]:10: note: hint: differentiate a free function; pass the object's data as parameters
  double operator()(double x) const { return k * x; }
};
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
