// Offsets into one array passed to a callee that writes one of them are
// refused unless adgen proves the ranges apart (constant offsets and
// indices): here the callee's extent depends on n.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

void scale(const double* a, double* out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = 2 * a[i];
}

#pragma adgen grad
double f(double* buf) {
  // CHECK: {{.*}}aliased_offset_args.cpp:[[@LINE+3]]:22: error: array 'buf' is passed to parameters 'a' and 'out' of 'scale', and the callee writes one of them
  // CHECK-NEXT: scale(&buf[1], buf + 2, 3);
  // CHECK: note: hint: pass distinct arrays: adgen assumes pointer parameters do not overlap
  scale(&buf[1], buf + 2, 3);
  return buf[0];
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
