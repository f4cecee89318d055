// `budget B` runs the real `all` when the tape of every iteration fits in B
// (issue 13 item 5): the forward sweep tapes each iteration (no snapshot,
// nothing re-run) and the backward sweep only reverses; otherwise it runs
// the checkpointed schedule chooseForBudget() picks. The choice is made at
// run time from an upper bound of the loop's tape, with inner loops of a
// parameter's length and of a length that varies with the outer counter;
// (a budgeted loop in a region runs online: no bound, never taped).
// Checked at n in {0, 1, 2, 5, 40, 300, 3000}, m in {0, 3}: gradients
// against the all-taped twin (to 1e-12) and central differences; the
// counters (taped when a bound of the tape fits, not when the least it
// could tape does not, nothing recomputed when taped, the checkpointed
// schedule's counts otherwise, chosen with one iteration's tape bound); and
// the heap a call takes, at most B (checkpointed: but for allocation
// headers).
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -DADGEN_STATS -c %t.cpp -o %t.o
// RUN: %cxx -DADGEN_STATS -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER %s %t.o -o %t.exe
// RUN: %t.exe
#include <cmath>

// The forward sweep: the runtime compares the tape bound (one iteration's,
// 2 doubles, times n) with the budget.
// CHECK-LABEL: double bud_scalar_grad(
// CHECK: adgen::checkpoint::Forward [[FWD:forward[0-9_]*]](
// CHECK-NEXT: snapshots, adgen::checkpoint::Policy::budget(4096LL), [[N:v[0-9]+]], 8,
// CHECK-NEXT: "budget_all.cpp:{{[0-9]+}}", false, 16);
// CHECK-NEXT: if ([[FWD]].tapes()) {
// CHECK-NEXT: long [[K:i[_0-9]*]] = 0;
// CHECK-NEXT: tape_double.reserveMore([[TB:v[0-9]+]]);
// CHECK-NEXT: // the budget holds the tape of every iteration: all taped
// CHECK-NEXT: for (; [[K]] < [[N]]; ++[[K]]) {
// CHECK: tape_double.push(
// CHECK: } else {
// CHECK: for (; t < n; ++t) {
// CHECK-NEXT: if ([[FWD]].save(
// CHECK-NOT: tape_double.push(
// CHECK: adgen::checkpoint::Reverse [[REV:reverse[0-9_]*]](
// CHECK: "budget_all.cpp:{{[0-9]+}}", false, 16);
// CHECK-NEXT: while ([[REV]].next()) {
// The taped re-runs' tape, reserved at once (the budget counts it).
// CHECK: const long [[TBEG:v[0-9]+]] = [[REV]].tapeBegin();
// CHECK-NEXT: const long [[CNT:v[0-9]+]] = [[REV]].tapeEnd() - [[TBEG]];
// CHECK-NEXT: const long [[RES:v[0-9]+]] = 2 * [[CNT]];
// CHECK-NEXT: tape_double.reserveMore([[RES]]);
// CHECK-NEXT: // re-run iterations taped

// A scalar recurrence (the state: s, 8 bytes).
#ifdef ADGEN_DRIVER
enum { bud_scalar_line = __LINE__ + 6 };
#endif
#pragma adgen grad
double bud_scalar(const double *W, const double *xs, int n, int m) {
  double s = W[0];
#pragma adgen checkpoint(budget 4KiB)
  for (int t = 0; t < n; ++t)
    s = std::sin(s) * W[1] + 0.5 * s + W[2] * xs[t % 4] + 0.01 * m;
  return s * s;
}
#pragma adgen grad
double ref_scalar(const double *W, const double *xs, int n, int m) {
  double s = W[0];
  for (int t = 0; t < n; ++t)
    s = std::sin(s) * W[1] + 0.5 * s + W[2] * xs[t % 4] + 0.01 * m;
  return s * s;
}

// An inner loop of a parameter's length, m, in every iteration.
#ifdef ADGEN_DRIVER
enum { bud_inner_line = __LINE__ + 7 };
#endif
#pragma adgen grad
double bud_inner(const double *W, const double *xs, int n, int m) {
  double h[3] = {W[0], W[1], W[2]};
  double acc = 0.0;
#pragma adgen checkpoint(budget 16KiB)
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3] + xs[t % 4];
    for (int k = 0; k < m; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}
#pragma adgen grad
double ref_inner(const double *W, const double *xs, int n, int m) {
  double h[3] = {W[0], W[1], W[2]};
  double acc = 0.0;
  for (int t = 0; t < n; ++t) {
    double u = acc + h[t % 3] + xs[t % 4];
    for (int k = 0; k < m; ++k)
      u = std::sin(W[k % 4] * u + 0.5 * h[k % 3]);
    h[t % 3] = 0.6 * h[t % 3] + 0.4 * std::tanh(u + W[4] * h[(t + 1) % 3]);
    acc = 0.9 * acc + 0.1 * u * W[5];
  }
  return acc + h[0] * h[1] - h[2];
}

// An inner loop whose length falls with the outer counter (a triangle).
#ifdef ADGEN_DRIVER
enum { bud_tri_line = __LINE__ + 6 };
#endif
#pragma adgen grad
double bud_tri(const double *W, const double *xs, int n, int m) {
  double s = W[0];
#pragma adgen checkpoint(budget 64KiB)
  for (int t = 0; t < n; ++t) {
    double u = s;
    for (int k = t; k < n; ++k)
      u = u * W[1] + 0.1 * std::cos(u + xs[k % 4]);
    s = 0.5 * s + 0.5 * std::tanh(u) + 0.001 * m;
  }
  return s;
}
#pragma adgen grad
double ref_tri(const double *W, const double *xs, int n, int m) {
  double s = W[0];
  for (int t = 0; t < n; ++t) {
    double u = s;
    for (int k = t; k < n; ++k)
      u = u * W[1] + 0.1 * std::cos(u + xs[k % 4]);
    s = 0.5 * s + 0.5 * std::tanh(u) + 0.001 * m;
  }
  return s;
}

#ifdef ADGEN_DRIVER
#include <adgen/checkpoint.h>

#include <cstring>
#include <string>

#include "fd_check.h"
// Counts the heap the calls take (glibc malloc interposed).
#include "../../../examples/common/heap_meter.h"

namespace ck = adgen::checkpoint;
typedef double (*PrimalFn)(const double *, const double *, int, int);
typedef double (*GradFn)(const double *, const double *, int, int, double *,
                         double *, double);
#define DECLARE(f)                                                             \
  double f##_grad(const double *W, const double *xs, int n, int m,             \
                  double *W_bar, double *xs_bar, double f_bar = 1.0);
DECLARE(bud_scalar) DECLARE(ref_scalar) DECLARE(bud_inner) DECLARE(ref_inner)
DECLARE(bud_tri) DECLARE(ref_tri)
#undef DECLARE

struct Pair {
  const char *name;
  PrimalFn f, ref;
  GradFn g, refGrad;
  long long budget;
  int line;
  // Bytes one iteration tapes at least, and at most (for n, m): the choice
  // must be taped when the most fits, and not when the least does not.
  double (*least)(int t, int n, int m), (*most)(int t, int n, int m);
};

const int kIn = 10; // W[6], xs[4]

// The counters of the budgeted loop's last run: taped exactly when its
// tape fits, and then nothing recomputed; otherwise chooseForBudget's.
void counters(const Pair &p, int n, int m, long long heap) {
  std::string where = "budget_all.cpp:" + std::to_string(p.line);
  std::string what = std::string(p.name) + " n=" + std::to_string(n) +
                     " m=" + std::to_string(m);
  const adgen::stats::Loop *l = adgen::stats::find(where.c_str());
  fd::check_close(what + " " + where + " reported", "", l != nullptr, 1, 0, 0);
  if (!l) return;
  double least = 0, most = 0;
  for (int t = 0; t < n; ++t)
    least += p.least(t, n, m), most += p.most(t, n, m);
  if (most <= p.budget)
    fd::check_close(what + " taped (its tape fits)", where, l->taped, 1, 0, 0);
  if (least > p.budget)
    fd::check_close(what + " not taped (its tape does not fit)", where,
                    l->taped, 0, 0, 0);
  if (l->taped) {
    fd::check_close(what + " taped: all", where,
                    l->policy.kind == ck::Kind::All, 1, 0, 0);
    fd::check_close(what + " taped: nothing recomputed", where,
                    l->recomputed, 0, 0, 0);
    fd::check_close(what + " taped: heap within the budget", where,
                    heap <= p.budget, 1, 0, 0);
  } else {
    // One iteration's tape as the runtime bounds it, and counts it.
    double lo = 0, hi = 0;
    for (int t = 0; t < n; ++t)
      lo = std::max(lo, p.least(t, n, m)), hi = std::max(hi, p.most(t, n, m));
    fd::check_close(what + " checkpointed: tape bound in [least, most]", where,
                    l->stepTapeBytes >= lo && l->stepTapeBytes <= hi, 1, 0, 0);
    ck::BudgetChoice c =
        ck::chooseForBudget(n, l->stateBytes, p.budget, l->stepTapeBytes);
    ck::Cost want = ck::cost(c.policy, n);
    // The real heap of the call: snapshots, binomial's positions and the
    // re-runs' tape, reserved at once, within B, but for the allocations'
    // headers (the tape segment's 32 bytes, malloc's rounding).
    if (!c.overrun)
      fd::check_close(what + " checkpointed: heap within the budget", where,
                      heap <= p.budget + 96, 1, 0, 0);
    fd::check_close(what + " checkpointed: peak held", where, l->peakHeld,
                    want.peak, 0, 0);
    fd::check_close(what + " checkpointed: recomputed <= table", where,
                    l->recomputed <= want.recomputed, 1, 0, 0);
  }
}

int main() {
  const Pair ps[] = {
      {"scalar", bud_scalar, ref_scalar, bud_scalar_grad, ref_scalar_grad,
       4096, bud_scalar_line, [](int, int, int) { return 8.0; },
       [](int, int, int) { return 64.0; }},
      {"inner", bud_inner, ref_inner, bud_inner_grad, ref_inner_grad, 16384,
       bud_inner_line, [](int, int, int m) { return 8.0 * (m + 1); },
       [](int, int, int m) { return 64.0 * (m + 4); }},
      {"tri", bud_tri, ref_tri, bud_tri_grad, ref_tri_grad, 65536,
       bud_tri_line, [](int, int, int) { return 8.0; },
       [](int, int n, int) { return 64.0 * (n + 4); }},
  };
  fd::Rng rng(1207);
  for (int n : {0, 1, 2, 5, 40, 300, 3000})
    for (int m : {0, 3}) {
      fd::Vec x = rng.vec(kIn, -0.8, 0.8);
      std::string pt = "n=" + std::to_string(n) + " m=" + std::to_string(m);
      for (const Pair &p : ps) {
        if (n > 300 && std::strcmp(p.name, "tri") == 0)
          continue; // quadratic
        std::string what = std::string(p.name) + " " + pt;
        fd::Vec want(kIn, 0.0), got(kIn, 0.0);
        double seed = rng.uniform(0.5, 1.5);
        p.refGrad(x.data(), x.data() + 6, n, m, want.data(), want.data() + 6,
                  seed);
        adgen::stats::reset();
        heap_meter::start();
        double y = p.g(x.data(), x.data() + 6, n, m, got.data(),
                       got.data() + 6, seed);
        long long heap = heap_meter::peak();
        fd::check_equal(what + " value", pt, y,
                        p.f(x.data(), x.data() + 6, n, m));
        double scale = 0;
        for (double e : want) scale = std::max(scale, std::fabs(e));
        for (int i = 0; i < kIn; ++i) {
          fd::check_close(what + " grad[" + std::to_string(i) + "] vs taped",
                          pt, got[i], want[i], 1e-12, 1e-12 * scale);
          if (n > 300)
            continue;
          double d = seed * fd::central([&](double v) {
            fd::Vec z = x;
            z[i] = v;
            return p.f(z.data(), z.data() + 6, n, m);
          }, x[i]);
          fd::check_close(what + " grad[" + std::to_string(i) + "] vs FD", pt,
                          got[i], d, 1e-6, 1e-7 * (1.0 + scale));
        }
        if (n > 0)
          counters(p, n, m, heap);
      }
    }
  return fd::finish();
}
#endif
