// batch(...) with a pointer parameter whose extent adgen cannot tell (x[i]
// for i < n): a clang-style error asking for size(x, N), exit status 1, no
// output written (the hint note, at the same place, does not repeat the
// source line, as with clang's own notes). With size(x, n) the same function
// is accepted.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cu 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cu
// RUN: adgen %s -DWITH_SIZE -o %t.ok.cu
// RUN: FileCheck %s --check-prefix=OK < %t.ok.cu
#include <cmath>

#ifndef WITH_SIZE
#pragma adgen grad(w) batch(x)
#else
#pragma adgen grad(w) batch(x) size(x, n)
#endif
// CHECK: {{.*}}diag_extent.cpp:[[@LINE+7]]:8: error: batch(...): adgen cannot tell the extent of 'x' (per sample if it is batched, in all if it is shared)
// CHECK-NEXT: double f(const double *x, const double *w, int n) {
// CHECK-NEXT: {{^ *\| *\^$}}
// CHECK-NEXT: {{.*}}diag_extent.cpp:[[@LINE+4]]:8: note: hint: add size(x, N) to the function's directive
// CHECK-NEXT: 1 error generated.
// OK: f_grad_strided(x + s * n, w, n, w_bar + t,
// OK: f_grad(x + s * n, w, n, w_bar, f_bar);
double f(const double *x, const double *w, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += std::sin(w[0] * x[i]);
  return s;
}
