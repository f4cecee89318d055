// A jvp list naming an int parameter.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

// CHECK: {{.*}}jvp_int_parameter.cpp:[[@LINE+4]]:22: error: parameter 'n' of 'f' cannot be differentiated: it is of type int
// CHECK-NEXT: #pragma adgen jvp(x, n)
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}jvp_int_parameter.cpp:[[@LINE+1]]:22: note: hint: list floating-point scalars or pointers to floating point
#pragma adgen jvp(x, n)
double f(double x, int n) { return x * n; }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
