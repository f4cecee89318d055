// A function directive followed by a declaration, never a definition.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

// CHECK: {{.*}}directive_before_declaration.cpp:[[@LINE+4]]:15: error: '#pragma adgen jvp' is not followed by a function definition
// CHECK-NEXT: #pragma adgen jvp
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}directive_before_declaration.cpp:[[@LINE+1]]:15: note: hint: put the directive right before the definition of the function to differentiate
#pragma adgen jvp
double f(double x);
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
