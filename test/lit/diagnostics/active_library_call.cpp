// Reverse mode refuses a kept library call whose result is active (its
// argument depends on x and the result reaches the return), at the call;
// the same call on an inactive argument is kept (g), and one whose result
// never reaches an output needs no derivative either (h).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp
// RUN: adgen -DONLY_KEPT %s -o %t.cpp
// RUN: FileCheck --check-prefix=KEPT %s < %t.cpp

#include <cmath>

#ifndef ONLY_KEPT
#pragma adgen grad
double f(double x, int n) {
  // CHECK: {{.*}}active_library_call.cpp:[[@LINE+4]]:14: error: call to 'std::expint' with an argument that depends on the differentiated inputs: adgen keeps library calls only when their arguments are inactive, and cannot differentiate 'std::expint'
  // CHECK-NEXT: return x * std::expint(x + n);
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: note: hint: use the math functions adgen differentiates
  return x * std::expint(x + n);
}
// CHECK: 1 error generated.
#endif

#pragma adgen grad
double g(double x, int n) { return x * std::expint(1.0 + n); }

#pragma adgen grad
double h(double x, int n) {
  double unused = std::expint(x);
  (void)unused;
  return x * n;
}
// KEPT-LABEL: double g_grad(
// KEPT: std::expint(v{{[0-9]+}})
// KEPT-LABEL: double h_grad(
// KEPT-NOT: expint
// KEPT: return
