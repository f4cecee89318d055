// An unknown directive is an error with a location, not silently ignored.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

// CHECK: {{.*}}unknown_directive.cpp:[[@LINE+4]]:15: error: unknown adgen directive 'frobnicate'
// CHECK-NEXT: #pragma adgen frobnicate
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}unknown_directive.cpp:[[@LINE+1]]:15: note: hint: known directives are jvp, grad, size, batch and checkpoint
#pragma adgen frobnicate
double f(double x) { return x * x; }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
