// A bitwise operator on integers is named in C++, with an arithmetic hint.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x, int n) {
  // CHECK: {{.*}}bitwise_operator.cpp:[[@LINE+4]]:17: error: the bitwise operator '<<' is not supported by adgen
  // CHECK-NEXT: return x * (n << 1);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}bitwise_operator.cpp:[[@LINE+1]]:17: note: hint: adgen has no bitwise or shift operators: compute with integer arithmetic (i * 2 for i << 1, i % 2 for i & 1)
  return x * (n << 1);
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
