// --emit=stats on `budget B` loops: the real `all` (every iteration taped
// in the forward sweep, nothing re-run) when the tape of all n fits in B,
// otherwise the checkpointed schedule the budget chooses, whose tape is one
// re-run iteration at a time (a budget's `all` of snapshots included).
// RUN: adgen %s --emit=stats -o - | FileCheck %s
#include <cmath>

#pragma adgen grad(x)
double unknown_n(double x, int n) {
  double s = x;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(budget 1048576), snapshot of s: 8 bytes per state; tape 16 bytes per re-run iteration
  // CHECK-NEXT: peak for n iterations (n known at run time): at most 1048576 bytes of snapshots; every iteration taped, nothing re-run, when the tape of all n fits in the budget
#pragma adgen checkpoint(budget 1MiB)
  for (int i = 0; i < n; ++i)
    s = std::sin(s) * x + 0.5 * s;
  return s;
}

#pragma adgen grad(x)
double fits(double x) {
  double s = x;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(budget 1048576), snapshot of s: 8 bytes per state; tape 16 bytes per re-run iteration
  // CHECK-NEXT: n = 65536: every iteration taped, nothing re-run; peak 1048576 bytes of tape
#pragma adgen checkpoint(budget 1MiB)
  for (int i = 0; i < 65536; ++i)
    s = std::sin(s) * x + 0.5 * s;
  return s;
}

#pragma adgen grad(x)
double snapshots_fit(double x) {
  double s = x;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(budget 1048576), snapshot of s: 8 bytes per state; tape 16 bytes per re-run iteration
  // CHECK-NEXT: n = 65537: 65537 states held at most (65537 snapshots), 0 recomputed; peak 524312 bytes (524296 of snapshots + 16 of tape)
#pragma adgen checkpoint(budget 1MiB)
  for (int i = 0; i < 65537; ++i)
    s = std::sin(s) * x + 0.5 * s;
  return s;
}
