// A directive on a function template that the file never instantiates, and
// whose directive names no instantiation, has nothing to differentiate: a
// located error (adgen never exits 0 with an empty output).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}template_function.cpp:[[@LINE+4]]:22: error: function template 'f' has an adgen directive but no instantiation in this file
// CHECK-NEXT: template <class T> T f(T x) { return x * x; }
// CHECK-NEXT: {{^ *\| *\^}}
// CHECK-NEXT: {{.*}}template_function.cpp:[[@LINE+1]]:22: note: hint: call it, instantiate it ('template double f<double>(double);'), or name the instantiations in the directive: 'instantiate(f<double>)'
template <class T> T f(T x) { return x * x; }
double g(double x) { return x; }
// CHECK: 1 error generated.
