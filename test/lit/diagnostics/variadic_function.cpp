// A variadic function is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}variadic_function.cpp:[[@LINE+4]]:8: error: variadic function 'f' is not supported by adgen
// CHECK-NEXT: double f(double x, ...) { return x * x; }
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}variadic_function.cpp:[[@LINE+1]]:8: note: hint: give the function a fixed parameter list
double f(double x, ...) { return x * x; }

// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
