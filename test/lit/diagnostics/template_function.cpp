// A template function is rejected.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}template_function.cpp:[[@LINE+4]]:22: error: template function 'f' is not supported by adgen
// CHECK-NEXT: template <class T> T f(T x) { return x * x; }
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}template_function.cpp:[[@LINE+1]]:22: note: hint: differentiate a concrete (non-template) function
template <class T> T f(T x) { return x * x; }
double g(double x) { return f(x); }
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
