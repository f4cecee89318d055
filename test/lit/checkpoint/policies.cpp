// Checkpoint policies (SPEC section 3) on one recurrence: a hidden state of
// three doubles through tanh, a loop-carried scalar, weights and inputs in
// const arrays. One function per policy (the directive is per loop), for
// n in {0, 1, 2, 3, 15, 16, 17, 60, 100, 1000}; the driver checks
//   - each policy's gradient equals the `all` policy's to 1e-12 (relative)
//     and matches central finite differences;
//   - the ADGEN_STATS counters against SPEC section 3's table (computed with
//     adgen::checkpoint::cost()): peak states held exactly, recomputed at
//     most the table's, binomial/recompute exactly Revolve's online F(n, C), budget
//     the policy chooseForBudget() picks and no more bytes than B
//     (snapshots and the tape of the iterations re-run taped at once);
//   - the seeds' acceptance numbers, written out (`all`'s: all_stats.cpp).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=STATS
#include <cmath>

// The snapshot holds the loop-carried scalar and the written local array,
// not the const inputs W, h0, xs nor n; 4 + 3 doubles = 32 bytes a state.
// CHECK-LABEL: double rnn_all_grad(
// CHECK-NOT: adgen::checkpoint::Forward
// CHECK-LABEL: double rnn_e1_grad(
// CHECK-LABEL: double rnn_e4_grad(
// CHECK: adgen::checkpoint::Store [[STORE:snapshots[_0-9]*]];
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// CHECK-NEXT: [[STORE]], adgen::checkpoint::Policy::every(4),{{.*}}
// CHECK: "policies.cpp:[[LINE:[0-9]+]]");
// CHECK: if ([[FWD]].save(
// CHECK-NEXT: [[FWD]].put(&acc, 1);
// CHECK-NEXT: [[FWD]].put(h, 3);
// CHECK-NEXT: }
// CHECK: adgen::checkpoint::Reverse [[REV:reverse[0-9_]*]](
// CHECK: "policies.cpp:[[LINE]]");
// CHECK-NEXT: while ([[REV]].next()) {
// CHECK-NEXT: if ([[REV]].restores()) {
// CHECK-NEXT: [[REV]].get(&acc, 1);
// CHECK-NEXT: [[REV]].get(h, 3);
// CHECK-NEXT: }
// CHECK: if ([[REV]].takesShot()) {
// CHECK-NEXT: [[REV]].put(&acc, 1);
// CHECK-NEXT: [[REV]].put(h, 3);
// CHECK-NEXT: }
// CHECK: if ([[REV]].reverses()) {
// CHECK: [[REV]].finish();
// CHECK-LABEL: double rnn_auto_grad(
// CHECK: adgen::checkpoint::Policy::automatic(),
// CHECK-LABEL: double rnn_b5_grad(
// CHECK: adgen::checkpoint::Policy::binomial(5),
// CHECK-LABEL: double rnn_rec_grad(
// CHECK: adgen::checkpoint::Policy::recompute(),
// CHECK-LABEL: double rnn_bud1k_grad(
// CHECK: adgen::checkpoint::Policy::budget(1024{{(LL)?}}),

#pragma adgen grad
double rnn_all(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(all)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_e1(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 1)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 2, n 100, peak states held 51, snapshots {{[0-9]+}},
#pragma adgen grad
double rnn_e2(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_e3(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 3)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 4, n 16, peak states held 7, snapshots {{[0-9]+}}, recomputed 12,
#pragma adgen grad
double rnn_e4(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 4)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 5, n 100, peak states held 24, snapshots {{[0-9]+}},
#pragma adgen grad
double rnn_e5(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 5)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 6, n 60, peak states held 15, snapshots {{[0-9]+}}, recomputed 50,
#pragma adgen grad
double rnn_e6(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 6)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_e7(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 7)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 10, n 100, peak states held 19, snapshots {{[0-9]+}},
#pragma adgen grad
double rnn_e10(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 10)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_e16(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 16)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+7]]: every 20, n 100, peak states held 24, snapshots {{[0-9]+}},
// STATS: policies.cpp:[[@LINE+6]]: every 20, n 60, peak states held 22, snapshots {{[0-9]+}}, recomputed 57,
#pragma adgen grad
double rnn_e20(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 20)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 50, n 100, peak states held 51, snapshots {{[0-9]+}},
#pragma adgen grad
double rnn_e50(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 50)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+6]]: every 100, n 10000, peak states held 199, snapshots {{[0-9]+}}, recomputed 9900,
#pragma adgen grad
double rnn_e100(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(every 100)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_auto(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(auto)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_b1(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 1)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_b2(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 2)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_b3(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 3)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_b5(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 5)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_b8(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(binomial 8)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

// STATS: policies.cpp:[[@LINE+7]]: {{(binomial 1|recompute)}}, n 16, peak states held 2, snapshots {{[0-9]+}}, recomputed 120,
// STATS: policies.cpp:[[@LINE+6]]: {{(binomial 1|recompute)}}, n 60, peak states held 2, snapshots {{[0-9]+}}, recomputed 1770,
#pragma adgen grad
double rnn_rec(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(recompute)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_bud8(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 8)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_bud240(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 240)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_bud400(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 400)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_bud1k(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 1KiB)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#pragma adgen grad
double rnn_bud64m(const double *W, const double *h0, const double *xs, int n) {
  double h[3] = {h0[0], h0[1], h0[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 64MiB)
  for (int t = 0; t < n; ++t) {
    double x = xs[t % 4];
    double a0 = std::tanh(W[0] * h[0] + W[1] * h[1] + W[2] * h[2] + W[9] * x);
    double a1 = std::tanh(W[3] * h[0] + W[4] * h[1] + W[5] * h[2] + W[10] * x);
    double a2 = std::tanh(W[6] * h[0] + W[7] * h[1] + W[8] * h[2] + W[11]);
    h[0] = a0;
    h[1] = a1;
    h[2] = a2;
    acc += 0.5 * a0 * a1 - 0.01 * a2 * acc;
  }
  return acc + h[0] * h[1] - h[2];
}

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "fd_check.h"

namespace ck = adgen::checkpoint;
#define CASES(X) \
  X(all, "all") \
  X(e1, "every 1") \
  X(e2, "every 2") \
  X(e3, "every 3") \
  X(e4, "every 4") \
  X(e5, "every 5") \
  X(e6, "every 6") \
  X(e7, "every 7") \
  X(e10, "every 10") \
  X(e16, "every 16") \
  X(e20, "every 20") \
  X(e50, "every 50") \
  X(e100, "every 100") \
  X(auto, "auto") \
  X(b1, "binomial 1") \
  X(b2, "binomial 2") \
  X(b3, "binomial 3") \
  X(b5, "binomial 5") \
  X(b8, "binomial 8") \
  X(rec, "recompute") \
  X(bud8, "budget 8") \
  X(bud240, "budget 240") \
  X(bud400, "budget 400") \
  X(bud1k, "budget 1KiB") \
  X(bud64m, "budget 64MiB")
typedef double (*PrimalFn)(const double *, const double *, const double *, int);
typedef double (*GradFn)(const double *, const double *, const double *, int,
                         double *, double *, double *, double);
#define CASE(name, pol)                                                        \
  double rnn_##name##_grad(const double *, const double *, const double *,     \
                           int, double *, double *, double *, double = 1.0);
CASES(CASE)
#undef CASE

struct Case {
  const char *name, *policy;
  PrimalFn f;
  GradFn g;
};
#define CASE(name, pol) {#name, pol, rnn_##name, rnn_##name##_grad},
const Case kCases[] = {
CASES(CASE)
};
#undef CASE

// The policy a directive names, as the runtime sees it.
ck::Policy parse(const char *text) {
  char word[32] = {};
  char arg[32] = {};
  std::sscanf(text, "%31s %31s", word, arg);
  long long v = std::atoll(arg);
  std::string w = word, a = arg;
  if (w == "every") return ck::Policy::every(v);
  if (w == "binomial") return ck::Policy::binomial(v);
  if (w == "auto") return ck::Policy::automatic();
  if (w == "recompute") return ck::Policy::recompute();
  if (w == "budget")
    return ck::Policy::budget(a.find("KiB") != std::string::npos ? v << 10
                              : a.find("MiB") != std::string::npos ? v << 20
                                                                   : v);
  return ck::Policy::all();
}

const int kIn = 19; // W[12], h0[3], xs[4]
const std::size_t kStateBytes = 32;

double eval(PrimalFn f, const fd::Vec &x, int n) {
  return f(x.data(), x.data() + 12, x.data() + 15, n);
}
fd::Vec grad(GradFn g, const fd::Vec &x, int n, double seed, double *value) {
  fd::Vec b(kIn, 0.0);
  *value = g(x.data(), x.data() + 12, x.data() + 15, n, b.data(),
             b.data() + 12, b.data() + 15, seed);
  return b;
}

// The only loop the last grad call ran (stats were reset before it).
const adgen::stats::Loop *lastLoop(const std::string &what) {
  if (adgen::stats::count() != 1) {
    fd::check_close(what + " loops recorded", "", adgen::stats::count(), 1, 0, 0);
    return nullptr;
  }
  const adgen::stats::Loop &l = adgen::stats::get(0);
  // find() by its "file:line" name gives the same loop.
  fd::check_close(what + " find(where)", l.where,
                  adgen::stats::find(l.where) == &l, 1, 0, 0);
  fd::check_close(what + " named policies.cpp:LINE", l.where,
                  std::strncmp(l.where, "policies.cpp:", 13) == 0, 1, 0, 0);
  return &l;
}

void checkCounters(const Case &c, int n) {
  std::string what = std::string(c.name) + " n=" + std::to_string(n);
  const adgen::stats::Loop *l = lastLoop(what);
  if (!l) return;
  std::string p = l->where;
  ck::Policy pol = parse(c.policy);
  bool budget = pol.kind == ck::Kind::Budget;
  ck::BudgetChoice choice;
  if (budget) {
    // A top-level counted loop: the runtime knows one iteration's tape and
    // counts it (snapshots + the tape of a re-run fit in B).
    fd::check_close(what + " tape bound known", p, l->stepTapeBytes >= 0, 1, 0, 0);
    choice = ck::chooseForBudget(n, kStateBytes, pol.arg, l->stepTapeBytes);
    pol = choice.policy;
  }
  ck::Cost want = ck::cost(pol, n);
  ck::Cost ran = ck::cost(l->policy, n);
  fd::check_close(what + " steps", p, l->steps, n, 0, 0);
  fd::check_close(what + " state bytes", p, double(l->stateBytes), kStateBytes, 0, 0);
  fd::check_close(what + " policy run (peak)", p, ran.peak, want.peak, 0, 0);
  fd::check_close(what + " policy run (recomputed)", p, ran.recomputed,
                  want.recomputed, 0, 0);
  fd::check_close(what + " peak states held", p, l->peakHeld, want.peak, 0, 0);
  fd::check_close(what + " snapshots <= table", p, l->snapshots <= want.snapshots, 1, 0, 0);
  fd::check_close(what + " recomputed <= table", p,
                  l->recomputed <= want.recomputed, 1, 0, 0);
  ck::Policy r = ck::resolve(pol, n);
  if (n > 0 && r.kind == ck::Kind::Binomial)
    fd::check_close(what + " recomputed == F(n, C)", p, l->recomputed,
                    ck::binomialRecomputed(n, r.arg), 0, 0);
  if (pol.kind == ck::Kind::Recompute)
    fd::check_close(what + " recompute n(n-1)/2", p, l->recomputed,
                    double(n) * (n - 1) / 2, 0, 0);
  if (pol.kind == ck::Kind::All)
    fd::check_close(what + " all recomputes nothing", p, l->recomputed, 0, 0, 0);
  if (budget) {
    fd::check_close(what + " overrun flag", p, l->overrun, choice.overrun, 0, 0);
    if (!choice.overrun)
      fd::check_close(what + " fits the budget", p,
                      double(l->snapshots) * kStateBytes +
                              8.0 * ck::Schedule::stackSize(l->policy, n) +
                              double(ck::tapedAtOnce(l->policy, n)) * l->stepTapeBytes <=
                          double(parse(c.policy).arg),
                      1, 0, 0);
  }
}

const Case &byName(const char *name) {
  for (const Case &c : kCases)
    if (!std::strcmp(c.name, name)) return c;
  std::printf("no case %s\n", name);
  std::abort();
}

// The seeds' numbers (SPEC section 3), written out; prints the counters.
void seed(const char *name, int n, long long held, long long recomputed) {
  const Case &c = byName(name);
  fd::Rng rng(7);
  fd::Vec x = rng.vec(kIn, -0.5, 0.5);
  adgen::stats::reset();
  double v;
  grad(c.g, x, n, 1.0, &v);
  std::string what = std::string("seed ") + name + " n=" + std::to_string(n);
  const adgen::stats::Loop *l = lastLoop(what);
  if (!l) return;
  fd::check_close(what + " held", l->where, l->peakHeld, held, 0, 0);
  if (recomputed >= 0)
    fd::check_close(what + " recomputed", l->where, l->recomputed, recomputed, 0, 0);
  adgen::stats::print(stdout);
}

int main() {
  fd::Rng rng(2024);
  for (int n : {0, 1, 2, 3, 15, 16, 17, 60, 100, 1000}) {
    fd::Vec x = rng.vec(kIn, -0.6, 0.6);
    std::string pt = "n=" + std::to_string(n);
    double seedBar = rng.uniform(0.5, 1.5);
    double vAll;
    fd::Vec gAll = grad(kCases[0].g, x, n, seedBar, &vAll);
    double scale = 0;
    for (double e : gAll) scale = std::max(scale, std::fabs(e));
    for (const Case &c : kCases) {
      std::string what = std::string(c.name) + " (" + c.policy + ") " + pt;
      adgen::stats::reset();
      double v;
      fd::Vec g = grad(c.g, x, n, seedBar, &v);
      checkCounters(c, n);
      fd::check_equal(what + " value", pt, v, eval(c.f, x, n));
      for (int i = 0; i < kIn; ++i) {
        fd::check_close(what + " grad[" + std::to_string(i) + "] vs all", pt,
                        g[i], gAll[i], 1e-12, 1e-12 * scale);
        double d = seedBar * fd::central([&](double t) {
          fd::Vec z = x;
          z[i] = t;
          return eval(c.f, z, n);
        }, x[i]);
        fd::check_close(what + " grad[" + std::to_string(i) + "] vs FD", pt,
                        g[i], d, 1e-6, 1e-6 * (1.0 + scale));
      }
    }
  }
  // In function order, as the STATS lines above them say.
  seed("e2", 100, 51, -1);
  seed("e4", 16, 7, 12);
  seed("e5", 100, 24, -1);
  seed("e6", 60, 15, 50);
  seed("e10", 100, 19, -1);
  seed("e20", 100, 24, -1);
  seed("e20", 60, 22, 57);
  seed("e50", 100, 51, -1);
  seed("e100", 10000, 199, 9900);
  seed("rec", 16, 2, 120);
  seed("rec", 60, 2, 1770);
  return fd::finish();
}
#endif
