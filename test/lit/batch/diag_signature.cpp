// batch(...) on a function with struct or reference parameters is refused at
// the clause (its launchers would call the wrapper with the struct's
// members), not emitted as code that does not compile.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cu

struct P {
  double a, b;
};

// CHECK: {{.*}}diag_signature.cpp:[[@LINE+2]]:20: error: batch(...) on 'f', which has struct or reference parameters, is not supported by adgen yet
// CHECK: note: hint: batch a function of scalars and pointers, and call it from the struct version
#pragma adgen grad batch(x)
double f(const P &p, const double *x) { return p.a * x[0] + p.b * x[1]; }
// CHECK: 1 error generated.
