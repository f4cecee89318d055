// Reverse mode cannot reverse a loop condition that writes an active value:
// a located error with a hint, exit status 1, output untouched. Forward mode
// of the same function works.
// RUN: echo keep > %t.out
// RUN: not adgen %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: sh -c 'adgen %s -o %t.out 2>/dev/null; test $? -eq 1'
// RUN: echo keep | diff - %t.out
// RUN: adgen %s -DFORWARD_ONLY -o %t.jvp.cpp
// RUN: %cxx -c %t.jvp.cpp -o %t.o

#ifdef FORWARD_ONLY
#pragma adgen jvp
#else
#pragma adgen grad
#endif
double f(double x) {
  double s = 0;
  // CHECK: grad_active_loop_condition.cpp:[[@LINE+2]]:3: error: reverse mode: a loop condition that writes active values is not supported
  // CHECK: grad_active_loop_condition.cpp:[[@LINE+1]]:3: note: hint: compute the value before the loop or in its body
  while ((x = x * 0.5) > 0.1)
    s += x;
  return s;
}
