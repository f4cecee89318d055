// A jvp list naming something that is not a parameter.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

// CHECK: {{.*}}jvp_not_a_parameter.cpp:[[@LINE+4]]:22: error: 'z' is not a parameter of 'f'
// CHECK-NEXT: #pragma adgen jvp(x, z)
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}jvp_not_a_parameter.cpp:[[@LINE+1]]:22: note: hint: name parameters of the function that follows the directive
#pragma adgen jvp(x, z)
double f(double x, double y) { return x * y; }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
