// Per-sample arrays lie back to back with one extent for every sample: an
// extent that uses a per-sample parameter is an error, not code that does
// not compile.
// RUN: rm -f %t.cu
// RUN: not adgen %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cu
#include <cmath>

#pragma adgen grad(w) batch(x, n) size(x, n)
// CHECK: {{.*}}diag_extent_per_sample.cpp:[[@LINE+3]]:8: error: batch(...): the extent of 'x' (n) uses 'n', which varies per sample
// CHECK: note: hint: per-sample arrays lie back to back with one extent for every sample; give a bound shared by all
// CHECK: 1 error generated.
double f(const double *x, const double *w, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += std::sin(w[0] * x[i]);
  return s;
}
