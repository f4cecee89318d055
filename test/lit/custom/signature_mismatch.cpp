// A custom derivative whose declaration does not have SPEC §4's signature
// is refused at the directive, showing the signature to write, where the
// function named is declared, and the primal.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp

double my_norm(const double *x, int n);
double my_norm_jvp(const double *x, int n, const double *x_dot,
                   double *my_norm_dot);
// The adjoint of x must be a double *, and the seed comes last.
double my_norm_grad(const double *x, int n, const double *x_bar);
// CHECK: {{.*}}signature_mismatch.cpp:[[@LINE+4]]:57: error: 'my_norm_grad' does not have the signature SPEC section 4 gives the gradient of 'my_norm'
// CHECK-NEXT: #pragma adgen derivative(my_norm) jvp(my_norm_jvp) grad(my_norm_grad)
// CHECK-NEXT: {{^ *\| *\^}}
// CHECK-NEXT: note: hint: declare it as 'double my_norm_grad(const double *, int, double *, double)'
#pragma adgen derivative(my_norm) jvp(my_norm_jvp) grad(my_norm_grad)
// CHECK: {{.*}}signature_mismatch.cpp:[[@LINE-6]]:8: note: 'my_norm_grad' is declared here
// CHECK: {{.*}}signature_mismatch.cpp:[[@LINE-11]]:8: note: 'my_norm' is declared here

#pragma adgen grad(x) size(x, n)
double f(const double *x, int n) { return 2.0 * my_norm(x, n); }
// CHECK: 1 error generated.
