// try/catch is rejected at the try.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  double y = x;
  // CHECK: {{.*}}try_catch.cpp:[[@LINE+4]]:3: error: exceptions (try) are not supported by adgen
  // CHECK-NEXT: try {
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}try_catch.cpp:[[@LINE+1]]:3: note: hint: report errors through a return value or a flag instead
  try {
    y = x * x;
  } catch (...) {
    y = 0;
  }
  return y;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
