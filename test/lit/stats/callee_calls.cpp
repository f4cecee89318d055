// --emit=stats lists each call that keeps its callee's own adjoint, with
// the mode it is reversed in (joint: the callee runs again from its taped
// arguments in the backward sweep).
// RUN: adgen %s --emit=stats -o - | FileCheck %s
double tree(const double *a, int lo, int hi) {
  if (hi - lo == 1)
    return a[lo] * a[lo];
  int mid = (lo + hi) / 2;
  return tree(a, lo, mid) + tree(a, mid, hi);
}

#pragma adgen grad(a) size(a, n)
double tree_sum(const double *a, int n) {
  return tree(a, 0, n);
}

// CHECK: function tree_sum_grad (grad w.r.t. a)
// CHECK: call at line [[@LINE-4]]: joint mode, adgen_tree_grad_100 (the callee runs again from its taped arguments)
// CHECK-NOT: call at line
