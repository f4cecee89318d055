// An unnamed parameter of an unsupported type is named by its position
// (the message said "of ''").
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}unnamed_parameter.cpp:[[@LINE+4]]:28: error: type '__int128' of unnamed parameter 2 is not supported by adgen
// CHECK-NEXT: double f(double x, __int128) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}unnamed_parameter.cpp:[[@LINE+1]]:28: note: hint: use floating-point (float, double, long double), integer, bool or enum scalars, pointers to them, or fixed-size local arrays
double f(double x, __int128) {
  return x;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
