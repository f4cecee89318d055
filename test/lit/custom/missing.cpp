// A derivative directive without grad(...) serves forward mode only: a
// gradient through the function is refused naming the clause to add, and
// a named function that is not declared is refused showing its
// declaration.
// RUN: rm -f %t.cpp %t2.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp
// RUN: not adgen %s -o %t2.cpp -- -DUNDECLARED 2>&1 | FileCheck %s --check-prefix=UNDECLARED --implicit-check-not=error:
// RUN: not test -e %t2.cpp

double scale(double x, double s);
double scale_jvp(double x, double s, double x_dot, double s_dot,
                 double *scale_dot);
#ifndef UNDECLARED
#pragma adgen derivative(scale) jvp(scale_jvp)
#else
// UNDECLARED: {{.*}}missing.cpp:[[@LINE+3]]:53: error: 'scale_grad', named by the derivative directive of 'scale', is not declared in this file
// UNDECLARED-NEXT: #pragma adgen derivative(scale) jvp(scale_jvp) grad(scale_grad)
// UNDECLARED: note: hint: declare it before it is called: double scale_grad(double, double, double *, double *, double);
#pragma adgen derivative(scale) jvp(scale_jvp) grad(scale_grad)
#endif

#pragma adgen jvp grad
double f(double x) {
  // CHECK: {{.*}}missing.cpp:[[@LINE+2]]:{{[0-9]+}}: error: 'scale' has a derivative directive without grad(...), which reverse mode needs
  // CHECK: note: hint: add it: '#pragma adgen derivative(scale) grad(scale_grad)'
  return scale(x, 3.0) * x;
}
