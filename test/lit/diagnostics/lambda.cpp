// A lambda is named as one (the message showed its closure type).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  // CHECK: {{.*}}lambda.cpp:[[@LINE+4]]:13: error: a lambda expression is not supported by adgen
  // CHECK-NEXT: auto sq = [](double t) { return t * t; };
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}lambda.cpp:[[@LINE+1]]:13: note: hint: write the lambda's body as a function in this file and call it
  auto sq = [](double t) { return t * t; };
  return sq(x);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
