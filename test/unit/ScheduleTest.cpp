// Checkpoint schedules (runtime/include/adgen/schedule.h): the closed-form
// accounting of SPEC §3 against a step-by-step simulation of each schedule,
// Griewank–Walther's optimum against its recursion, and the budget choice
// against trying every policy.
#include "adgen/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace adgen::checkpoint;

namespace {

const long long kSteps[] = {0, 1, 2, 3, 15, 16, 17, 60, 100, 1000};
const long long kPeriods[] = {1, 2, 3, 4, 5, 6, 7, 10, 16, 20, 50, 100, 999,
                              1000, 1001};
const long long kSnapshots[] = {1, 2, 3, 4, 5, 6, 8, 10, 16, 50, 999, 1000,
                                5000};

std::string name(Policy p) {
  switch (p.kind) {
  case Kind::All: return "all";
  case Kind::Every: return "every " + std::to_string(p.arg);
  case Kind::Auto: return "auto";
  case Kind::Binomial: return "binomial " + std::to_string(p.arg);
  case Kind::Recompute: return "recompute";
  case Kind::Budget: return "budget " + std::to_string(p.arg);
  }
  return "?";
}

std::vector<Policy> policiesFor() {
  std::vector<Policy> ps = {Policy::all(), Policy::automatic(),
                            Policy::recompute()};
  for (long long s : kPeriods)
    ps.push_back(Policy::every(s));
  for (long long c : kSnapshots)
    ps.push_back(Policy::binomial(c));
  return ps;
}

void expectSame(const Cost &sim, const Cost &closed, const std::string &what) {
  EXPECT_EQ(sim.snapshots, closed.snapshots) << what << ": snapshots";
  EXPECT_EQ(sim.peak, closed.peak) << what << ": peak states held";
  EXPECT_EQ(sim.recomputed, closed.recomputed) << what << ": recomputed";
}

/// t(l, c) by its recursion: advance m, snapshot, reverse the right part with
/// one slot fewer, then the left part.
long long recursiveOptimum(long long l, long long c,
                           std::vector<std::vector<long long>> &memo) {
  if (l <= 1)
    return 0;
  if (c == 1)
    return l * (l - 1) / 2;
  long long &m = memo[static_cast<size_t>(l)][static_cast<size_t>(c)];
  if (m >= 0)
    return m;
  long long best = -1;
  for (long long k = 1; k < l; ++k) {
    long long v = k + recursiveOptimum(k, c, memo) +
                  recursiveOptimum(l - k, c - 1, memo);
    if (best < 0 || v < best)
      best = v;
  }
  return m = best;
}

/// SPEC §3's F(l, c) by its recursion: the forward sweep keeps a snapshot
/// after the first k steps and goes on with one slot fewer (for free); the
/// first k steps are reversed afterwards from a stored state, R = t.
long long recursiveOnline(long long l, long long c,
                          std::vector<std::vector<long long>> &memoF,
                          std::vector<std::vector<long long>> &memoR) {
  if (l <= 1)
    return 0;
  if (c == 1)
    return l * (l - 1) / 2;
  long long &m = memoF[static_cast<size_t>(l)][static_cast<size_t>(c)];
  if (m >= 0)
    return m;
  long long best = -1;
  for (long long k = 1; k < l; ++k) {
    long long v = recursiveOnline(l - k, c - 1, memoF, memoR) +
                  recursiveOptimum(k, c, memoR);
    if (best < 0 || v < best)
      best = v;
  }
  return m = best;
}

long long choose(long long a, long long b) { // small arguments only
  long double v = 1;
  for (long long k = 1; k <= b; ++k)
    v = v * static_cast<long double>(a - b + k) / static_cast<long double>(k);
  return std::llround(v);
}

} // namespace

// --- SPEC §3's acceptance numbers -------------------------------------------

TEST(Schedule, SeedNumbersChainOf16) {
  Cost all = cost(Policy::all(), 16), e4 = cost(Policy::every(4), 16),
       rc = cost(Policy::recompute(), 16);
  EXPECT_EQ(all.peak, 16);
  EXPECT_EQ(all.recomputed, 0);
  EXPECT_EQ(e4.snapshots, 4);
  EXPECT_EQ(e4.peak, 7);
  EXPECT_EQ(e4.recomputed, 12);
  EXPECT_EQ(rc.snapshots, 1);
  EXPECT_EQ(rc.peak, 2);
  EXPECT_EQ(rc.recomputed, 120);
  // The seed's remark: s = 2 and s = 8 both hold 9.
  EXPECT_EQ(cost(Policy::every(2), 16).peak, 9);
  EXPECT_EQ(cost(Policy::every(8), 16).peak, 9);
}

TEST(Schedule, SeedNumbersHundredAndTenThousand) {
  const long long s[] = {2, 5, 10, 20, 50}, held[] = {51, 24, 19, 24, 51};
  for (int k = 0; k < 5; ++k)
    EXPECT_EQ(cost(Policy::every(s[k]), 100).peak, held[k]) << "s=" << s[k];
  Cost c = cost(Policy::every(100), 10000);
  EXPECT_EQ(c.peak, 199);
  EXPECT_EQ(c.recomputed, 9900);
  EXPECT_EQ(cost(Policy::automatic(), 10000).peak, 199);
}

TEST(Schedule, SeedNumbersGoGame) {
  Cost e6 = cost(Policy::every(6), 60), e20 = cost(Policy::every(20), 60);
  EXPECT_EQ(e6.peak, 15);
  EXPECT_EQ(e6.recomputed, 50);
  EXPECT_EQ(e20.peak, 22);
  EXPECT_EQ(e20.recomputed, 57);
  EXPECT_EQ(cost(Policy::recompute(), 60).recomputed, 1770);
  EXPECT_EQ(cost(Policy::all(), 60).peak, 60);
}

TEST(Schedule, SeedNumbersLanguageModel) {
  const unsigned long long quarterGiB = 268435456ULL;
  Cost all = cost(Policy::all(), 32), e4 = cost(Policy::every(4), 32);
  EXPECT_EQ(peakBytes(all, quarterGiB), 8ULL << 30);
  EXPECT_EQ(e4.peak, 11);
  EXPECT_EQ(peakBytes(e4, quarterGiB), 11 * quarterGiB); // 2.75 GiB
  EXPECT_EQ(e4.recomputed, 24);
}

// --- simulation == accounting -----------------------------------------------

TEST(Schedule, SimulationEqualsAccountingOnTheListedSizes) {
  for (long long n : kSteps)
    for (Policy p : policiesFor()) {
      std::string what = name(p) + ", n = " + std::to_string(n);
      Simulation sim;
      ASSERT_NO_THROW(sim = simulate(p, n)) << what;
      expectSame(sim.cost, cost(p, n), what);
    }
}

TEST(Schedule, SimulationEqualsAccountingExhaustivelyUpTo150) {
  for (long long n = 0; n <= 150; ++n) {
    std::vector<Policy> ps = {Policy::all(), Policy::automatic(),
                              Policy::recompute()};
    for (long long a = 1; a <= n + 2; ++a) {
      ps.push_back(Policy::every(a));
      ps.push_back(Policy::binomial(a));
    }
    for (Policy p : ps) {
      std::string what = name(p) + ", n = " + std::to_string(n);
      Simulation sim;
      ASSERT_NO_THROW(sim = simulate(p, n)) << what;
      expectSame(sim.cost, cost(p, n), what);
    }
  }
}

TEST(Schedule, EveryPeakIsTheSeedFormulaExactly) {
  for (long long n : kSteps)
    for (long long s : kPeriods) {
      if (n == 0)
        continue;
      long long se = std::min(s, n); // a period longer than the loop is n
      long long segments = (n + se - 1) / se;
      Simulation sim = simulate(Policy::every(s), n);
      EXPECT_EQ(sim.cost.peak, segments + se - 1) << "n=" << n << " s=" << s;
      EXPECT_EQ(sim.cost.snapshots, segments) << "n=" << n << " s=" << s;
      EXPECT_EQ(sim.cost.recomputed, n - segments) << "n=" << n << " s=" << s;
    }
}

TEST(Schedule, BinomialRecomputesTheOptimumWithAtMostCPlusOneHeld) {
  for (long long n : kSteps)
    for (long long c : kSnapshots) {
      Simulation sim = simulate(Policy::binomial(c), n);
      std::string what = "n=" + std::to_string(n) + " C=" + std::to_string(c);
      EXPECT_EQ(sim.cost.recomputed, binomialRecomputed(n, c)) << what;
      EXPECT_LE(sim.cost.peak, c + 1) << what;
      EXPECT_LE(sim.cost.snapshots, c) << what;
    }
  // recompute is binomial 1: n(n − 1)/2.
  for (long long n : kSteps)
    EXPECT_EQ(simulate(Policy::recompute(), n).cost.recomputed,
              n * (n - 1) / 2);
}

TEST(Schedule, BinomialClosedFormIsTheRecursionsOptimum) {
  const long long L = 120, C = 12;
  std::vector<std::vector<long long>> memo(
      L + 1, std::vector<long long>(C + 1, -1));
  for (long long l = 0; l <= L; ++l)
    for (long long c = 1; c <= C; ++c) {
      long long r = repetitions(l, c);
      if (l >= 2) { // r is the least with C(c + r, c) >= l
        EXPECT_GE(choose(c + r, c), l);
        EXPECT_LT(choose(c + r - 1, c), l);
        EXPECT_EQ(binomialSteps(l, c), r * l - choose(c + r, c + 1));
      }
      EXPECT_EQ(binomialSteps(l, c), recursiveOptimum(l, c, memo))
          << "l=" << l << " c=" << c;
    }
  EXPECT_EQ(binomialSteps(16, 1), 120);
  EXPECT_EQ(binomialSteps(60, 1), 1770);
  EXPECT_EQ(binomialSteps(16, 3), 33); // r = 3: 48 − C(6, 4)
}

TEST(Schedule, OnlineBinomialClosedFormIsSpecRecursion) {
  const long long L = 150, C = 12;
  std::vector<std::vector<long long>> memoF(
      L + 1, std::vector<long long>(C + 1, -1)),
      memoR = memoF;
  for (long long l = 0; l <= L; ++l)
    for (long long c = 1; c <= C; ++c) {
      EXPECT_EQ(binomialRecomputed(l, c), recursiveOnline(l, c, memoF, memoR))
          << "l=" << l << " c=" << c;
      // The schedule run on it recomputes exactly that.
      EXPECT_EQ(simulate(Policy::binomial(c), l).cost.recomputed,
                binomialRecomputed(l, c))
          << "l=" << l << " c=" << c;
    }
  // SPEC §3's numbers.
  EXPECT_EQ(binomialRecomputed(1000, 10), 2640);
  EXPECT_EQ(binomialSteps(1000, 10), 3636);
  EXPECT_EQ(binomialRecomputed(50, 3), 135);
  EXPECT_EQ(binomialRecomputed(16, 3), 20);
  EXPECT_EQ(cost(Policy::binomial(10), 1000).recomputed, 2640);
  EXPECT_EQ(simulate(Policy::binomial(20), 10000).cost.recomputed,
            binomialRecomputed(10000, 20));
  EXPECT_EQ(cost(Policy::recompute(), 60).recomputed, 1770);
}

TEST(Schedule, OnlineBinomialForwardSweepKeepsTheChain) {
  // n = 1000, C = 10: the chain of optimal splits from a_0, one slot fewer
  // at each, until one slot is left.
  Schedule s(Policy::binomial(10), 1000);
  std::vector<long long> kept, slots;
  for (long long i = 0; i < 1000; ++i)
    if (s.storesInForward(i)) {
      kept.push_back(i);
      slots.push_back(s.forwardSlot(i));
    }
  ASSERT_EQ(kept.size(), 10u);
  EXPECT_EQ(kept[0], 0);
  for (size_t k = 0; k < kept.size(); ++k)
    EXPECT_EQ(slots[k], static_cast<long long>(k));
  for (size_t k = 1; k < kept.size(); ++k)
    EXPECT_EQ(kept[k] - kept[k - 1],
              binomialSplit(1000 - kept[k - 1], 10 - (long long)(k - 1)));
  // The backward sweep starts with the same snapshots.
  std::vector<long long> stack(10);
  Schedule r(Policy::binomial(10), 1000, stack.data());
  EXPECT_EQ(r.forwardShots(), 10);
  EXPECT_EQ(stack, kept);
  // Online (n unknown to the forward sweep): a_0 only, t(n, C).
  Schedule a(Policy::binomial(10), 1000, stack.data(), true);
  EXPECT_EQ(a.forwardShots(), 1);
  long long recomputed = 0;
  for (Action x = a.next(); x.act != Act::Done; x = a.next())
    if (x.act == Act::Advance)
      recomputed += x.last - x.first + 1;
  EXPECT_EQ(recomputed, binomialSteps(1000, 10));
}

TEST(Schedule, LoopsOfZeroAndOneIteration) {
  for (Policy p : policiesFor()) {
    Simulation s0 = simulate(p, 0, true), s1 = simulate(p, 1, true);
    EXPECT_EQ(s0.cost.peak, 0) << name(p);
    EXPECT_EQ(s0.cost.recomputed, 0) << name(p);
    EXPECT_TRUE(s0.held.empty());
    EXPECT_EQ(s1.cost.peak, 1) << name(p);
    EXPECT_EQ(s1.cost.snapshots, 1) << name(p);
    EXPECT_EQ(s1.cost.recomputed, 0) << name(p);
    ASSERT_EQ(s1.held.size(), 1u);
    Schedule sched(p, 0);
    EXPECT_EQ(sched.next().act, Act::Done);
  }
}

// --- the schedules themselves -----------------------------------------------

TEST(Schedule, EverySStoresSegmentStartsWithTheShortSegmentFirst) {
  Schedule s(Policy::every(4), 17);
  std::vector<long long> kept, slots;
  for (long long i = 0; i < 17; ++i)
    if (s.storesInForward(i)) {
      kept.push_back(i);
      slots.push_back(s.forwardSlot(i));
    }
  EXPECT_EQ(kept, (std::vector<long long>{0, 1, 5, 9, 13}));
  EXPECT_EQ(slots, (std::vector<long long>{0, 1, 2, 3, 4}));
  Schedule d(Policy::every(4), 16);
  kept.clear();
  for (long long i = 0; i < 16; ++i)
    if (d.storesInForward(i))
      kept.push_back(i);
  EXPECT_EQ(kept, (std::vector<long long>{0, 4, 8, 12}));
}

TEST(Schedule, EveryFourOnEightActions) {
  Schedule s(Policy::every(4), 8);
  std::string trace;
  for (Action a = s.next(); a.act != Act::Done; a = s.next()) {
    if (a.act == Act::Compute)
      trace += "C" + std::to_string(a.first) + "-" + std::to_string(a.last) +
               "@" + std::to_string(a.slot) + " ";
    else if (a.act == Act::Reverse)
      trace += "R" + std::to_string(a.first) +
               (a.slot >= 0 ? "@" + std::to_string(a.slot) : "") + " ";
    else
      trace += "? ";
  }
  EXPECT_EQ(trace, "C5-7@1 R7 R6 R5 R4@1 C1-3@0 R3 R2 R1 R0@0 ");
}

TEST(Schedule, BinomialTwoOnSixActions) {
  std::vector<long long> stack(2);
  Schedule s(Policy::binomial(2), 6, stack.data());
  std::string trace;
  for (Action a = s.next(); a.act != Act::Done; a = s.next()) {
    switch (a.act) {
    case Act::Advance:
      trace += "A" + std::to_string(a.first) + "-" + std::to_string(a.last) +
               " ";
      break;
    case Act::TakeShot:
      trace += "S" + std::to_string(a.first) + "@" + std::to_string(a.slot) +
               " ";
      break;
    case Act::Reverse:
      trace += "R" + std::to_string(a.first) + " ";
      break;
    default:
      trace += "? ";
    }
  }
  // The forward sweep kept a0 and a3 (the split of t(6, 2) = 8); reverse
  // 5..3 with one slot (2 + 1); then 2..0 with two: advance 1, snapshot a1,
  // 1. F(6, 2) = 5 = t − 6 + 3.
  EXPECT_EQ(binomialSteps(6, 2), 8);
  EXPECT_EQ(binomialRecomputed(6, 2), 5);
  EXPECT_EQ(trace, "A4-5 R5 A4-4 R4 R3 A1-1 S1@1 A2-2 R2 R1 R0 ");
  EXPECT_EQ(simulate(Policy::binomial(2), 6).cost.recomputed, 5);
}

TEST(Schedule, ProfileHasOneEntryPerBackwardStep) {
  Simulation sim = simulate(Policy::every(4), 16, true);
  EXPECT_EQ(sim.held, (std::vector<long long>{7, 6, 5, 4, 6, 5, 4, 3, 5, 4, 3,
                                               2, 4, 3, 2, 1}));
  EXPECT_EQ(sim.snapshotsHeld,
            (std::vector<long long>{4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1,
                                    1, 1}));
  EXPECT_EQ(sim.recomputedAt,
            (std::vector<long long>{3, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0, 3, 0,
                                    0, 0}));
  EXPECT_EQ(*std::max_element(sim.held.begin(), sim.held.end()),
            sim.cost.peak);
  for (Policy p : policiesFor()) {
    Simulation b = simulate(p, 100, true);
    ASSERT_EQ(b.held.size(), 100u) << name(p);
    ASSERT_EQ(b.recomputedAt.size(), 100u) << name(p);
    EXPECT_EQ(*std::max_element(b.held.begin(), b.held.end()), b.cost.peak)
        << name(p);
    long long total = 0;
    for (long long v : b.recomputedAt)
      total += v;
    EXPECT_EQ(total, b.cost.recomputed) << name(p);
  }
  // recompute: 15, 14, ..., 0 before each reversal.
  Simulation r = simulate(Policy::recompute(), 16, true);
  for (size_t k = 0; k < 16; ++k)
    EXPECT_EQ(r.recomputedAt[k], 15 - static_cast<long long>(k));
}

// --- helpers, auto, big n ---------------------------------------------------

TEST(Schedule, AutoPeriodIsRoundedSquareRoot) {
  EXPECT_EQ(autoPeriod(0), 1);
  EXPECT_EQ(autoPeriod(1), 1);
  EXPECT_EQ(autoPeriod(16), 4);
  EXPECT_EQ(autoPeriod(60), 8);
  EXPECT_EQ(autoPeriod(10000), 100);
  for (long long n = 1; n <= 200000; ++n)
    ASSERT_EQ(autoPeriod(n),
              std::max(1LL, std::llround(std::sqrt(static_cast<double>(n)))))
        << n;
  // auto is every s with that s.
  for (long long n : kSteps)
    expectSame(cost(Policy::automatic(), n),
               cost(Policy::every(autoPeriod(n)), n), std::to_string(n));
}

TEST(Schedule, IntegerSquareRootAtTheEdges) {
  const long long xs[] = {0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 2147395600,
                          2147483647, 4611686014132420609LL};
  for (long long x : xs) {
    long long r = isqrt(x);
    EXPECT_LE(r * r, x) << x;
    EXPECT_GT((r + 1) * (r + 1), x) << x;
  }
}

TEST(Schedule, LargestLoopsStayWithin64Bits) {
  const long long n = kMaxSteps;
  EXPECT_EQ(cost(Policy::recompute(), n).recomputed, n * (n - 1) / 2);
  EXPECT_EQ(cost(Policy::all(), n).peak, n);
  Cost e = cost(Policy::automatic(), n);
  EXPECT_EQ(e.peak, (n + 46341 - 1) / 46341 + 46341 - 1);
  for (long long c : {2LL, 3LL, 10LL, 64LL, 1000LL, n - 1, n}) {
    long long r = repetitions(n, c), t = binomialSteps(n, c);
    // r·n − C(c + r, c + 1), checked in long double.
    long double binom = 1;
    for (long long k = 1; k <= r; ++k)
      binom = binom * static_cast<long double>(c + k) / k;
    long double expect = static_cast<long double>(r) * n -
                         binom * static_cast<long double>(r) / (c + 1);
    EXPECT_NEAR(static_cast<long double>(t), expect, expect * 1e-12L + 1)
        << "c=" << c;
    EXPECT_GE(t, n - 1);
    EXPECT_LE(t, n * (n - 1) / 2);
  }
}

// --- budget -----------------------------------------------------------------

TEST(Schedule, BudgetPicksTheLeastRecomputationThatFits) {
  for (long long n = 0; n <= 60; ++n)
    for (long long fit = 0; fit <= n + 2; ++fit) {
      const unsigned long long bytes = 1000;
      unsigned long long budget = static_cast<unsigned long long>(fit) * bytes + 7;
      // Try everything.
      bool any = false;
      Cost best;
      auto tryOne = [&](Policy p) {
        Cost c = cost(p, n);
        if (c.peak > fit)
          return;
        if (!any || c.recomputed < best.recomputed ||
            (c.recomputed == best.recomputed && c.peak < best.peak))
          best = c;
        any = true;
      };
      tryOne(Policy::all());
      tryOne(Policy::recompute());
      for (long long a = 1; a <= n; ++a) {
        tryOne(Policy::every(a));
        tryOne(Policy::binomial(a));
      }
      BudgetChoice ch = chooseForBudget(n, bytes, budget);
      std::string what = "n=" + std::to_string(n) + " fit=" + std::to_string(fit);
      EXPECT_EQ(ch.overrun, !any) << what;
      if (any) {
        EXPECT_EQ(ch.cost.recomputed, best.recomputed) << what;
        EXPECT_EQ(ch.cost.peak, best.peak) << what;
        EXPECT_LE(peakBytes(ch.cost, bytes), budget) << what;
      } else {
        EXPECT_EQ(ch.policy.kind, Kind::Recompute) << what;
      }
      expectSame(ch.cost, cost(ch.policy, n), what);
    }
}

TEST(Schedule, BudgetExamples) {
  const unsigned long long q = 268435456ULL; // 0.25 GiB a state
  BudgetChoice big = chooseForBudget(32, q, 8ULL << 30);
  EXPECT_EQ(big.policy.kind, Kind::All);
  // 12 states: binomial 11 recomputes F(32, 11) = 51 − 32 + 2 = 21 holding
  // 12, less than every 4's 24 holding 11.
  BudgetChoice three = chooseForBudget(32, q, 3ULL << 30);
  EXPECT_EQ(three.policy.kind, Kind::Binomial);
  EXPECT_EQ(three.policy.arg, 11);
  EXPECT_EQ(three.cost.recomputed, 21);
  EXPECT_LT(three.cost.recomputed, cost(Policy::every(4), 32).recomputed);
  BudgetChoice tight = chooseForBudget(32, q, 5 * q); // 5 states: binomial 4
  EXPECT_EQ(tight.policy.kind, Kind::Binomial);
  EXPECT_EQ(tight.policy.arg, 4);
  EXPECT_FALSE(tight.overrun);
  BudgetChoice two = chooseForBudget(32, q, 2 * q);
  EXPECT_EQ(two.policy.kind, Kind::Recompute);
  BudgetChoice over = chooseForBudget(32, q, q);
  EXPECT_TRUE(over.overrun);
  EXPECT_EQ(over.policy.kind, Kind::Recompute);
  EXPECT_EQ(over.cost.recomputed, 496);
  // Zero-size states fit anywhere.
  EXPECT_EQ(chooseForBudget(1000, 0, 1).policy.kind, Kind::All);
  // Huge budgets and states do not overflow: 2^24 states fit, and binomial
  // 2^24 − 1 recomputes about n − 2^24, a little less than every 129.
  BudgetChoice huge = chooseForBudget(kMaxSteps, 1ULL << 40, ~0ULL);
  EXPECT_EQ(huge.policy.kind, Kind::Binomial);
  EXPECT_LE(huge.cost.peak, 1LL << 24);
  EXPECT_LT(huge.cost.recomputed,
            cost(Policy::every(129), kMaxSteps).recomputed);
  expectSame(huge.cost, cost(huge.policy, kMaxSteps), "huge");
}
