// Reverse mode runs a recursive callee again in the backward sweep, from
// its arguments: an array the caller overwrites after the call is copied
// when its size is a constant (callee/recursion_copies.cpp); one whose
// extent adgen cannot tell is refused.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double tsum(const double *a, int lo, int hi) {
  if (hi - lo == 1)
    return a[lo];
  int m = (lo + hi) / 2;
  return tsum(a, lo, m) + tsum(a, m, hi);
}

#pragma adgen grad(x) size(x, n)
double f(const double *x, double *buf, int n) {
  for (int i = 0; i < n; ++i)
    buf[i] = x[i] * x[i];
  // CHECK: {{.*}}callee_array_written.cpp:[[@LINE+4]]:10: error: the array 'buf' passed to 'tsum' is written after the call
  // CHECK-NEXT: double s = tsum(buf, 0, n);
  // CHECK-NEXT: {{^ *\| *\^}}
  // CHECK-NEXT: {{.*}}callee_array_written.cpp:[[@LINE+1]]:10: note: hint: reverse mode runs 'tsum' again in the backward sweep from the values its arguments had at the call: pass a copy that nothing writes afterwards, or an array of constant size, which adgen copies
  double s = tsum(buf, 0, n);
  buf[0] = s;
  return s * buf[0];
}
// CHECK: 1 error generated.
