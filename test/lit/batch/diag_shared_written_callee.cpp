// A shared pointer parameter written only by a function it calls is written
// all the same: the same error as when f writes it itself.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cu
#include <cmath>

void put(double *o, double v) { o[0] = v; }

#pragma adgen grad(w) batch(x) size(out, 1)
// CHECK: {{.*}}diag_shared_written_callee.cpp:[[@LINE+3]]:8: error: batch(...): 'out' is written by 'f' but shared by every sample
// CHECK: note: hint: list it in batch(...): each sample writes its own
// CHECK: 1 error generated.
double f(const double *x, const double *w, double *out) {
  put(out, std::sin(w[0] * x[0]));
  return out[0];
}
