// A batched kernel inlines its callees whole: a recursive one is refused,
// and nothing is written.
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

#pragma adgen grad(w) batch(x) size(w, 4) size(x, 4)
// CHECK: {{.*}}recursion_batch.cpp:[[@LINE+4]]:8: error: recursive call to 'tsum' in the batched kernel of 'f'
// CHECK-NEXT: double f(const double *w, const double *x) {
// CHECK-NEXT: {{^ *\| *\^}}
// CHECK-NEXT: {{.*}}recursion_batch.cpp:[[@LINE+1]]:8: note: hint: a kernel's body inlines its callees: write the recursion as a loop, or call the gradient once per sample
double f(const double *w, const double *x) {
  double a[4];
  for (int i = 0; i < 4; ++i)
    a[i] = w[i] * x[i];
  return tsum(a, 0, 4);
}
// CHECK: 1 error generated.
