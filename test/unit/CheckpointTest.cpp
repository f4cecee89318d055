// The checkpoint runtime (runtime/include/adgen/checkpoint.h) driven the way
// generated code drives it, on a toy loop whose state is a scalar and a small
// array: every iteration is reversed once, last first, from exactly the
// state the forward sweep had; the counters equal SPEC §3's table (peak
// exactly, recomputation at most the table's, binomial's exactly the
// optimum); the store is empty again at the end.
#define ADGEN_STATS 1
#include "adgen/checkpoint.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace adgen::checkpoint;

namespace {

struct State {
  double h = 0.25;
  double a[3] = {1, 2, 3};
};

void step(State &s, long long i) {
  s.h = std::sin(s.h) + 0.1 * static_cast<double>(i % 7);
  for (double &x : s.a)
    x = 0.5 * x + s.h;
}

bool same(const State &x, const State &y) {
  return x.h == y.h && x.a[0] == y.a[0] && x.a[1] == y.a[1] && x.a[2] == y.a[2];
}

struct Outcome {
  long long reversed = 0, peak = 0, recomputed = 0, maxTape = 0;
  std::size_t reserved = 0, capacityAtEnd = 0; // the store's, in bytes
  bool tapedForward = false;                   // Forward::tapes()
  bool ok = true;
  std::string why;
};

/// Runs the forward sweep and the backward driver of a loop of n
/// iterations (online: trip count unknown at entry; stepTapeBytes: the
/// bound of one iteration's tape a budget counts, as generated code passes
/// it) and checks each reversal.
Outcome drive(Policy p, long long n, bool online = false,
              Store *outer = nullptr, long long stepTapeBytes = -1) {
  Store own;
  Store &store = outer ? *outer : own;
  std::size_t before = store.size();
  Outcome r;
  std::vector<State> truth;
  State s;
  const std::size_t bytes = sizeof(double) * 4;
  Forward fwd(store, p, online ? 0 : n, bytes, "toy.cpp:1", online,
              stepTapeBytes);
  r.reserved = store.capacity();
  r.tapedForward = fwd.tapes();
  // The backward sweep's tape: a state per taped iteration.
  std::vector<std::pair<long long, State>> tape;
  for (long long i = 0; i < n; ++i) {
    truth.push_back(s);
    if (r.tapedForward)
      tape.push_back({i, s});
    else if (fwd.save(i)) {
      fwd.put(&s.h, 1);
      fwd.put(s.a, 3);
    }
    step(s, i);
  }
  State final = s;
  Reverse ck(store, p, n, bytes, "toy.cpp:1", online, stepTapeBytes);
  long long expect = n - 1;
  while (ck.next()) {
    if (ck.restores()) {
      ck.get(&s.h, 1);
      ck.get(s.a, 3);
    }
    for (long long i = ck.advanceBegin(); i < ck.advanceEnd(); ++i)
      step(s, i);
    if (ck.takesShot()) {
      ck.put(&s.h, 1);
      ck.put(s.a, 3);
    }
    for (long long i = ck.tapeBegin(); i < ck.tapeEnd(); ++i) {
      tape.push_back({i, s});
      step(s, i);
    }
    if ((long long)tape.size() > r.maxTape)
      r.maxTape = static_cast<long long>(tape.size());
    if (ck.reverses()) {
      long long i = ck.iteration();
      if (i != expect || tape.empty() || tape.back().first != i ||
          !same(tape.back().second, truth[static_cast<size_t>(i)])) {
        r.ok = false;
        r.why = "iteration " + std::to_string(i) + " reversed wrongly";
        break;
      }
      tape.pop_back();
      --expect;
      ++r.reversed;
    }
  }
  ck.finish();
  if (r.ok && (expect != -1 || !tape.empty())) {
    r.ok = false;
    r.why = "not every iteration reversed";
  }
  if (r.ok && store.size() != before) {
    r.ok = false;
    r.why = "store not released";
  }
  (void) final;
  r.peak = ck.peakHeld();
  r.recomputed = ck.recomputed();
  r.capacityAtEnd = store.capacity();
  return r;
}

std::vector<Policy> policies() {
  std::vector<Policy> ps = {Policy::automatic(), Policy::recompute()};
  for (long long s : {1, 2, 3, 4, 5, 10, 20, 50, 100})
    ps.push_back(Policy::every(s));
  for (long long c : {1, 2, 3, 5, 8, 20, 1000})
    ps.push_back(Policy::binomial(c));
  return ps;
}

const long long kSteps[] = {0, 1, 2, 3, 15, 16, 17, 60, 100, 1000};

TEST(Checkpoint, EveryIterationReversedFromItsStateWithTheTablesCounts) {
  for (Policy p : policies())
    for (long long n : kSteps) {
      SCOPED_TRACE("kind " + std::to_string((int)p.kind) + " arg " +
                   std::to_string(p.arg) + " n " + std::to_string(n));
      Outcome r = drive(p, n);
      ASSERT_TRUE(r.ok) << r.why;
      EXPECT_EQ(r.reversed, n);
      Cost c = cost(p, n);
      EXPECT_EQ(r.peak, c.peak);
      EXPECT_LE(r.recomputed, c.recomputed);
      if (resolve(p, n).kind == Kind::Binomial) {
        EXPECT_EQ(r.recomputed, c.recomputed);
      }
      // every s tapes one segment at a time; binomial one iteration.
      Policy q = resolve(p, n);
      if (q.kind == Kind::Every) {
        EXPECT_LE(r.maxTape, q.arg);
      }
      if (q.kind == Kind::Binomial) {
        EXPECT_LE(r.maxTape, 1);
      }
    }
}

TEST(Checkpoint, SeedsNumbersThroughTheCounters) {
  adgen::stats::reset();
  drive(Policy::every(4), 16);
  const adgen::stats::Loop *l = adgen::stats::find("toy.cpp:1");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->peakHeld, 7);
  EXPECT_EQ(l->recomputed, 12);
  EXPECT_EQ(l->snapshots, 4);
  drive(Policy::recompute(), 16);
  EXPECT_EQ(l->peakHeld, 2);
  EXPECT_EQ(l->recomputed, 120);
  EXPECT_EQ(l->runs, 2);
  drive(Policy::every(100), 10000);
  EXPECT_EQ(l->peakHeld, 199);
  EXPECT_EQ(l->recomputed, 9900);
  drive(Policy::every(6), 60);
  EXPECT_EQ(l->peakHeld, 15);
  EXPECT_EQ(l->recomputed, 50);
  drive(Policy::every(20), 60);
  EXPECT_EQ(l->peakHeld, 22);
  EXPECT_EQ(l->recomputed, 57);
  drive(Policy::recompute(), 60);
  EXPECT_EQ(l->recomputed, 1770);
  adgen::checkpoint::tally("toy.cpp:2", 16, 8);
  const adgen::stats::Loop *all = adgen::stats::find("toy.cpp:2");
  ASSERT_NE(all, nullptr);
  EXPECT_EQ(all->peakHeld, 16);
  EXPECT_EQ(all->recomputed, 0);
}

TEST(Checkpoint, UnknownTripCount) {
  for (Policy p : policies())
    for (long long n : kSteps) {
      SCOPED_TRACE("kind " + std::to_string((int)p.kind) + " arg " +
                   std::to_string(p.arg) + " n " + std::to_string(n));
      Outcome r = drive(p, n, true);
      ASSERT_TRUE(r.ok) << r.why;
      EXPECT_EQ(r.reversed, n);
      Cost c = cost(p, n);
      if (p.kind == Kind::Auto) {
        // s in [√(n/2), √(2n)]: at most ≈ 2.12√n held, less than n redone.
        EXPECT_LE(r.peak,
                  (long long)std::ceil(2.13 * std::sqrt((double)n)) + 1);
        EXPECT_LE(r.recomputed, n);
      } else {
        // Segments from 0: the short one is reversed first, so at most
        // the table's peak. Binomial keeps only a_0 (the forward sweep
        // cannot place the chain without n): t(n, C), not F(n, C).
        EXPECT_LE(r.peak, c.peak);
        Policy q = resolve(p, n);
        if (q.kind == Kind::Binomial)
          EXPECT_EQ(r.recomputed, binomialSteps(n, q.arg));
        else
          EXPECT_LE(r.recomputed, c.recomputed);
      }
    }
}

TEST(Checkpoint, BudgetPicksWhatFits) {
  const std::size_t bytes = sizeof(double) * 4;
  for (long long n : kSteps)
    for (unsigned long long b :
         {0ull, 32ull, 64ull, 320ull, 3200ull, 1ull << 20}) {
      SCOPED_TRACE("n " + std::to_string(n) + " budget " + std::to_string(b));
      Outcome r = drive(Policy::budget((long long)b), n);
      ASSERT_TRUE(r.ok) << r.why;
      BudgetChoice c = chooseForBudget(n, bytes, b);
      EXPECT_EQ(r.peak, c.cost.peak);
      if (!c.overrun && n > 0 && resolve(c.policy, n).kind != Kind::All) {
        EXPECT_LE((unsigned long long)r.peak * bytes, b);
      }
      Outcome online = drive(Policy::budget((long long)b), n, true);
      ASSERT_TRUE(online.ok) << online.why;
    }
}

TEST(Checkpoint, ABudgetHoldingTheTapeRunsTheRealAll) {
  // A tape bound within the budget: every iteration taped forward, the
  // backward sweep reverses them, nothing re-run, no snapshot.
  for (long long n : kSteps) {
    SCOPED_TRACE("n " + std::to_string(n));
    Outcome r = drive(Policy::budget(1 << 20), n, false, nullptr, 48);
    ASSERT_TRUE(r.ok) << r.why;
    EXPECT_TRUE(r.tapedForward);
    EXPECT_EQ(r.reversed, n);
    EXPECT_EQ(r.recomputed, 0);
    EXPECT_EQ(r.reserved, 0u);
    EXPECT_EQ(r.capacityAtEnd, 0u);
    EXPECT_EQ(r.peak, n); // all's n states, as tally() counts them
    EXPECT_EQ(r.maxTape, n);
    const adgen::stats::Loop *l = adgen::stats::find("toy.cpp:1");
    ASSERT_NE(l, nullptr);
    EXPECT_TRUE(l->taped);
    EXPECT_EQ(l->policy.kind, Kind::All);
  }
  // The bound exactly the budget fits; one byte more, no bound, an online
  // loop or another policy: the checkpointed schedule.
  EXPECT_TRUE(tapesAll(Policy::budget(4800), 100, 48));
  EXPECT_FALSE(tapesAll(Policy::budget(4800), 100, 49));
  EXPECT_FALSE(tapesAll(Policy::budget(4800), 100, -1));
  EXPECT_FALSE(tapesAll(Policy::every(4), 100, 0));
  EXPECT_FALSE(tapesAll(Policy::all(), 100, 0));
  EXPECT_FALSE(tapesAll(Policy::budget(1 << 30), 1LL << 31, 1LL << 40));
  for (bool online : {false, true}) {
    Outcome r =
        drive(Policy::budget(4800), 100, online, nullptr, online ? 48 : 49);
    ASSERT_TRUE(r.ok) << r.why;
    EXPECT_FALSE(r.tapedForward);
    EXPECT_FALSE(adgen::stats::find("toy.cpp:1")->taped);
  }
}

TEST(Checkpoint, KnownSchedulesReserveTheirSlotsExactly) {
  // The store is allocated once, at the Forward, to exactly the slots the
  // schedule uses in both sweeps: a budget bounds the heap, not only the
  // bytes in use.
  const long long n = 1000;
  for (Policy p : {Policy::every(10), Policy::automatic(), Policy::binomial(7),
                   Policy::recompute(), Policy::budget(4000)}) {
    Outcome o = drive(p, n);
    ASSERT_TRUE(o.ok) << o.why;
    Policy q = chosen(p, n, 32);
    std::size_t slots = static_cast<std::size_t>(cost(q, n).snapshots);
    EXPECT_EQ(o.reserved, slots * 32) << int(p.kind);
    EXPECT_EQ(o.capacityAtEnd, o.reserved) << int(p.kind);
    if (p.kind == Kind::Budget) {
      EXPECT_LE(o.capacityAtEnd, 4000u);
    }
  }
}

TEST(Checkpoint, NestedLoopsShareOneStore) {
  // An inner loop's snapshots sit above the outer one's in the same store.
  Store store;
  std::vector<unsigned char> keep(40, 7);
  std::size_t at = store.size();
  store.resize(at + keep.size());
  Outcome inner = drive(Policy::binomial(3), 17, false, &store);
  ASSERT_TRUE(inner.ok) << inner.why;
  EXPECT_EQ(store.size(), at + keep.size());
  Outcome inner2 = drive(Policy::every(4), 17, true, &store);
  ASSERT_TRUE(inner2.ok) << inner2.why;
  EXPECT_EQ(store.size(), at + keep.size());
}

TEST(Checkpoint, ABudgetCountsTheTapeOfItsReRuns) {
  // One iteration's tape known: the snapshots the store reserves plus the
  // most iterations taped at once, times that tape, fit in the budget, and
  // the choice is the one recomputing least among all that fit (every s
  // for each s, binomial C for each C, recompute), by brute force.
  const std::size_t bytes = sizeof(double) * 4;
  for (long long n : {2LL, 7LL, 40LL, 300LL})
    for (long long step : {0LL, 8LL, 32LL, 200LL, 5000LL})
      for (unsigned long long b : {64ULL, 300ULL, 1000ULL, 4000ULL, 20000ULL}) {
        SCOPED_TRACE("n " + std::to_string(n) + " step " +
                     std::to_string(step) + " budget " + std::to_string(b));
        BudgetChoice c = chooseForBudget(n, bytes, b, step);
        long long least = -1;
        auto see = [&](Policy p) {
          if (heldBytes(p, n, bytes, step) <= b &&
              (least < 0 || cost(p, n).recomputed < least))
            least = cost(p, n).recomputed;
        };
        see(Policy::all());
        see(Policy::recompute());
        for (long long k = 1; k <= n; ++k)
          see(Policy::every(k)), see(Policy::binomial(k));
        if (least < 0) {
          EXPECT_TRUE(c.overrun);
          EXPECT_EQ(c.policy.kind, Kind::Recompute);
          continue;
        }
        EXPECT_FALSE(c.overrun);
        EXPECT_LE(heldBytes(c.policy, n, bytes, step), b);
        EXPECT_EQ(c.cost.recomputed, least);
        if (step * n <= (long long)b)
          continue; // the real all: tapesAll()
        // Run it: the slots reserved, binomial's positions and the most
        // iterations on the tape at once, at `step` bytes each, within the
        // budget.
        Outcome r =
            drive(Policy::budget((long long)b), n, false, nullptr, step);
        ASSERT_TRUE(r.ok) << r.why;
        EXPECT_FALSE(r.tapedForward);
        const adgen::stats::Loop *l = adgen::stats::find("toy.cpp:1");
        unsigned long long positions =
            Schedule::stackSize(l->policy, n) * sizeof(long long);
        EXPECT_LE(r.capacityAtEnd + positions +
                      (unsigned long long)(r.maxTape * step),
                  b);
        EXPECT_EQ(r.recomputed, least);
        EXPECT_EQ(l->stepTapeBytes, step);
      }
  // Unknown (< 0): the states-only rule, as before.
  BudgetChoice unknown = chooseForBudget(300, bytes, 4000, -1),
               states = chooseForBudget(300, bytes, 4000);
  EXPECT_EQ(unknown.policy.kind, states.policy.kind);
  EXPECT_EQ(unknown.policy.arg, states.policy.arg);
}

} // namespace
