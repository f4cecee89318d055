// A pointer parameter the function writes but batch(...) leaves shared:
// every sample would write the same array. A clang-style error with a hint
// to list it in batch(...), exit status 1, no output written.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cu 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cu
#include <cmath>

#pragma adgen grad(w) batch(x)
// CHECK: {{.*}}diag_shared_written.cpp:[[@LINE+5]]:8: error: batch(...): 'out' is written by 'f' but shared by every sample
// CHECK-NEXT: double f(const double *x, const double *w, double *out) {
// CHECK-NEXT: {{^ *\| *\^$}}
// CHECK-NEXT: {{.*}}diag_shared_written.cpp:[[@LINE+2]]:8: note: hint: list it in batch(...): each sample writes its own
// CHECK-NEXT: 1 error generated.
double f(const double *x, const double *w, double *out) {
  out[0] = std::sin(w[0] * x[0]);
  return out[0];
}
