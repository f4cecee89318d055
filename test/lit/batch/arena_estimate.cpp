// The arena slice of a thread is sized from adgen's count of one sample's
// tape when every loop's trip count is a constant (8 iterations x 16
// bytes), and the default only when it is not.
// RUN: adgen %s -o - | FileCheck %s
#include <cmath>

#pragma adgen grad(w) batch(x)
double rnn(const double *x, const double *w) {
  double h = 0.5;
  for (int t = 0; t < 8; ++t)
    h = std::sin(w[0] * h + w[1] * x[t]);
  return h * h;
}
// CHECK: Tapes and snapshots of one sample: 128 bytes by adgen's count
// CHECK: adgen::batch::arenaBytes(opts, 4352)

#pragma adgen grad(w) batch(x) size(x, n)
double loop(const double *x, const double *w, int n) {
  double h = 0.5;
  for (int t = 0; t < n; ++t)
    h = std::sin(w[0] * h + w[1] * x[t]);
  return h;
}
// CHECK: Tapes and snapshots of one sample: not known to adgen; 256 KiB
// CHECK: adgen::batch::arenaBytes(opts, 262144)
