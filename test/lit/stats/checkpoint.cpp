// --emit=stats for checkpointed loops: per loop, what a snapshot holds and
// its bytes, the tape of a re-run iteration, and the peak the policy
// predicts (counted from the trip count when the code fixes it).
// RUN: adgen %s --emit=stats -o - | FileCheck %s
#include <cmath>

#pragma adgen grad(w)
double chain(const double *w, double x) {
  double h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = x;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(every 4), snapshot of h[64]: 512 bytes per state; tape [[#TAPE:]] bytes per re-run iteration
  // CHECK-NEXT: n = 16: 7 states held at most (4 snapshots), 12 recomputed; peak [[#2048+mul(4,TAPE)]] bytes (2048 of snapshots + [[#mul(4,TAPE)]] of tape)
#pragma adgen checkpoint(every 4)
  for (int l = 0; l < 16; ++l)
    for (int i = 0; i < 64; ++i)
      h[i] = std::tanh(w[l] * h[i] + 0.1);
  double s = 0;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(recompute), snapshot of s: 8 bytes per state
  // CHECK-NEXT: n = 64: 2 states held at most (1 snapshot), 2016 recomputed
#pragma adgen checkpoint(recompute)
  for (int i = 0; i < 64; ++i)
    s = s * 0.5 + h[i] * h[i];
  return s;
}

// Binomial's schedule keeps each snapshot's position, 8 bytes: the runtime
// counts them in the heap (schedule.h heldBytes), and so does the peak.
#pragma adgen grad(w)
double revolve(const double *w, double x) {
  double h[8];
  for (int i = 0; i < 8; ++i)
    h[i] = x;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(binomial 4), snapshot of h[8]: 64 bytes per state; tape [[#RTAPE:]] bytes per re-run iteration
  // CHECK-NEXT: n = 20: 5 states held at most (4 snapshots), {{[0-9]+}} recomputed; peak [[#288+RTAPE]] bytes (288 of snapshots and their positions + [[#RTAPE]] of tape)
#pragma adgen checkpoint(binomial 4)
  for (int l = 0; l < 20; ++l)
    for (int i = 0; i < 8; ++i)
      h[i] = std::tanh(w[l] * h[i] + 0.1);
  return h[0];
}

#pragma adgen grad(w)
double rnn(const double *w, int n) {
  double h = 0.5;
  int k = 0;
  // CHECK: loop at line [[@LINE+3]]: checkpoint(binomial 8), snapshot of h, k: 12 bytes per state; tape 16 bytes per re-run iteration
  // CHECK-NEXT: peak for n iterations (n known at run time): 9 states, recomputing Revolve's online optimum F(n, 8)
#pragma adgen checkpoint(binomial 8)
  while (k < n) {
    h = std::tanh(w[0] * h + w[1]);
    ++k;
  }
  return h;
}
