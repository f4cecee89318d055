// A statement calling a function adgen cannot see, with a non-const
// reference parameter, may write its argument: it is refused, not kept as a
// call that changes nothing (before, y's derivative was silently 0).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp

void twice(double x, double &out);

#pragma adgen jvp grad
double f(double x) {
  double y = 0.0;
  // CHECK: {{.*}}unseen_reference_out.cpp:[[@LINE+2]]:3: error: call to 'twice', which adgen cannot see or differentiate
  // CHECK: note: hint: define 'twice' in this file, use one of the supported math functions (sin, exp, pow, ...), or give it derivatives of your own: '#pragma adgen derivative(twice) jvp(twice_jvp) grad(twice_grad)'
  twice(x, y);
  return y * x;
}
// CHECK: 1 error generated.
