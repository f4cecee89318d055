// A function-pointer parameter is named with its own type ('double
// (*)(double)'), not its pointee's.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cpp

#pragma adgen grad
// CHECK: {{.*}}function_pointer_param.cpp:[[@LINE+1]]:29: error: type 'double (*)(double)' of 'g' is not supported by adgen
double f(double a, double (*g)(double)) { return g(a); }
// CHECK: 1 error generated.
