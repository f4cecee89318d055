// batch(...) naming something that is not a parameter of the function: a
// clang-style error at the name, exit status 1, no output written.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cu 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cu
#include <cmath>

// CHECK: {{.*}}diag_not_param.cpp:[[@LINE+5]]:32: error: 'q' is not a parameter of 'f'
// CHECK-NEXT: #pragma adgen grad(w) batch(x, q)
// CHECK-NEXT: {{^ *\| *\^$}}
// CHECK-NEXT: {{.*}}diag_not_param.cpp:[[@LINE+2]]:32: note: hint: name parameters of the function that follows the directive
// CHECK-NEXT: 1 error generated.
#pragma adgen grad(w) batch(x, q)
double f(const double *x, const double *w) {
  return std::sin(w[0] * x[0]);
}
