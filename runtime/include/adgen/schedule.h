// adgen checkpoint schedules (SPEC §3): how the adjoint of a loop of n
// iterations keeps loop states (snapshots) in its forward sweep and which
// states its backward sweep recomputes, under each policy:
//
//   all          keep the state of every iteration
//   every s      keep one state in s; recompute a segment of s at a time
//   auto         every s with s = max(1, round(√n)), n read at loop entry
//   binomial C   Griewank–Walther's binomial schedule (Revolve) with at most
//                C snapshots, run online: the forward sweep takes the
//                schedule's first snapshots, and the backward sweep
//                recomputes the optimum F(n, C) steps
//   recompute    keep only the loop's input state (binomial 1)
//   budget B     (chooseForBudget) the one above with the least
//                recomputation whose peak bytes fit in B
//
// A "state" a_i is the loop-carried state at the start of iteration i
// (0 <= i < n); reversing iteration i needs a_i. Counting is the seeds':
//   - "states held" are the distinct states in memory during the backward
//     sweep: snapshots plus recomputed states (a recomputed state is dropped
//     as soon as its iteration is reversed; so is a snapshot);
//   - "recomputed steps" are states computed again after the first forward
//     sweep (which runs all n iterations and keeps only the snapshots).
// E.g. n = 16, every 4: snapshots a0 a4 a8 a12; reversing iterations 15..12
// recomputes a13 a14 a15 from a12 and holds 4 + 3 = 7; 4 × 3 = 12 recomputed.
//
// Three views of a schedule, which the unit tests keep equal:
//   cost()      closed-form accounting (snapshots, peak states held,
//               recomputed steps), as in SPEC §3's table;
//   Schedule    the schedule itself: which states the forward sweep keeps
//               (storesInForward) and the backward sweep's actions one at a
//               time (next()); usable in host and device code;
//   simulate()  (host only) walks a Schedule action by action, checking it
//               is valid and counting what it holds and recomputes.
//
// Everything but simulate() is ADGEN_HD, integer-only and allocation-free.
// Step counts are long long and must not exceed kMaxSteps (a loop whose
// counter is an int), which keeps every intermediate within 64 bits.
#pragma once

#include "adgen/hd.h"

namespace adgen {
namespace checkpoint {

/// The largest trip count the schedules accept.
constexpr long long kMaxSteps = 2147483647LL;

enum class Kind : int { All, Every, Auto, Binomial, Recompute, Budget };

/// A checkpoint policy; `arg` is s for Every, C for Binomial and the byte
/// budget B for Budget (which checkpoint.h resolves with chooseForBudget()
/// once the state size and trip count are known; the schedules here read an
/// unresolved budget as `all`).
struct Policy {
  Kind kind = Kind::All;
  long long arg = 0;

  ADGEN_HD static Policy all() { return {Kind::All, 0}; }
  ADGEN_HD static Policy every(long long s) { return {Kind::Every, s}; }
  ADGEN_HD static Policy automatic() { return {Kind::Auto, 0}; }
  ADGEN_HD static Policy binomial(long long c) { return {Kind::Binomial, c}; }
  ADGEN_HD static Policy recompute() { return {Kind::Recompute, 0}; }
  ADGEN_HD static Policy budget(long long bytes) {
    return {Kind::Budget, bytes};
  }
};

/// What a policy costs on a loop of n iterations.
struct Cost {
  long long snapshots = 0;  ///< most snapshots kept at once
  long long peak = 0;       ///< most states held at once (snapshots included)
  long long recomputed = 0; ///< states computed again in the backward sweep
};

// --- integer helpers --------------------------------------------------------

/// ⌊√n⌋ for n >= 0.
ADGEN_HD inline long long isqrt(long long n) {
  if (n < 2)
    return n < 0 ? 0 : n;
  long long x = n, y = (x + 1) / 2;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2;
  }
  return x;
}

/// auto's period: max(1, round(√n)).
ADGEN_HD inline long long autoPeriod(long long n) {
  long long s = isqrt(n);
  if (n - s * s > s) // √n >= s + 1/2  <=>  n >= s² + s + 1
    ++s;
  return s < 1 ? 1 : s;
}

/// ⌈a/b⌉ for a >= 0, b >= 1.
ADGEN_HD inline long long ceilDiv(long long a, long long b) {
  return a <= 0 ? 0 : (a - 1) / b + 1;
}

/// β(c, r) = C(c + r, c): the most steps c snapshots reverse when each step
/// runs at most r + 1 times. 0 for r < 0.
ADGEN_HD inline long long beta(long long c, long long r) {
  if (r < 0)
    return 0;
  unsigned long long b = 1; // C(c + k, c) for k = 0..r
  for (long long k = 1; k <= r; ++k)
    b = b * static_cast<unsigned long long>(c + k) /
        static_cast<unsigned long long>(k);
  return static_cast<long long>(b);
}

/// The repetition number r(l, c): the least r with β(c, r) >= l.
ADGEN_HD inline long long repetitions(long long l, long long c) {
  if (l <= 1)
    return 0;
  if (c <= 1)
    return l - 1; // β(1, r) = r + 1
  unsigned long long b = 1;
  long long r = 0;
  while (b < static_cast<unsigned long long>(l)) {
    ++r;
    b = b * static_cast<unsigned long long>(c + r) /
        static_cast<unsigned long long>(r);
  }
  return r;
}

/// Griewank–Walther's optimum: the fewest forward steps that reverse l steps
/// from one stored input state with c snapshots,
/// t(l, c) = r·l − C(c + r, c + 1), r = repetitions(l, c).
ADGEN_HD inline long long binomialSteps(long long l, long long c) {
  if (l <= 1)
    return 0;
  if (c > l)
    c = l; // more snapshots than steps change nothing
  if (c <= 1)
    return l * (l - 1) / 2;
  long long r = repetitions(l, c);
  // C(c + r, c + 1) = β(c, r) · r / (c + 1), exactly.
  unsigned long long b = static_cast<unsigned long long>(beta(c, r));
  long long tail = static_cast<long long>(
      b * static_cast<unsigned long long>(r) /
      static_cast<unsigned long long>(c + 1));
  return r * l - tail;
}

/// SPEC §3's F(l, c): the fewest states recomputed to reverse l steps with c
/// snapshots after a forward sweep that took the schedule's first snapshots
/// as it went (Revolve run online: the sweep costs nothing on top of itself).
/// F(l, c) = t(l, c) − l + r̃, with r̃ the least r such that C(c + r, c) > l
/// (r(l, c), plus one where C(c + r, c) = l exactly); F(l, 1) = t(l, 1).
ADGEN_HD inline long long binomialRecomputed(long long l, long long c) {
  if (l <= 1)
    return 0;
  if (c > l)
    c = l;
  if (c <= 1)
    return l * (l - 1) / 2;
  long long r = repetitions(l, c);
  if (beta(c, r) == l)
    ++r;
  return binomialSteps(l, c) - l + r;
}

/// Where the binomial schedule takes its next snapshot when l steps remain
/// after a snapshot and c snapshots (that one included) are free: an advance
/// of m steps with m + t(m, c) + t(l − m, c − 1) = t(l, c). With
/// r = r(l, c) the optimal m lie in
///   [max(β(c, r−2), l − β(c−1, r)), min(β(c, r−1), l − β(c−1, r−1))];
/// this takes the largest (needs l >= 2, c >= 2).
ADGEN_HD inline long long binomialSplit(long long l, long long c) {
  long long r = repetitions(l, c);
  long long m = beta(c, r - 1);
  long long right = l - beta(c - 1, r - 1);
  if (right < m)
    m = right;
  if (m > l - 1)
    m = l - 1;
  return m < 1 ? 1 : m;
}

// --- closed-form accounting -------------------------------------------------

/// The policy actually run on n iterations: auto becomes every s, recompute
/// becomes binomial 1, every s with s > n becomes every n, binomial C with
/// C > n becomes binomial n; arguments below 1 count as 1.
ADGEN_HD inline Policy resolve(Policy p, long long n) {
  long long cap = n < 1 ? 1 : n;
  switch (p.kind) {
  case Kind::All:
  case Kind::Budget:
    return Policy::all();
  case Kind::Auto:
    return Policy::every(autoPeriod(n) > cap ? cap : autoPeriod(n));
  case Kind::Recompute:
    return Policy::binomial(1);
  case Kind::Every:
  case Kind::Binomial: {
    long long a = p.arg < 1 ? 1 : p.arg > cap ? cap : p.arg;
    return {p.kind, a};
  }
  }
  return Policy::all();
}

/// SPEC §3's table, for every n >= 0:
///   all         n snapshots, n held, 0 recomputed
///   every s     ⌈n/s⌉ snapshots, ⌈n/s⌉ + s − 1 held, n − ⌈n/s⌉ recomputed
///               (s capped at n: a period longer than the loop is the loop)
///   binomial C  min(n, C) snapshots, min(n, C + 1) held, F(n, C) recomputed
///   recompute   binomial 1: min(n, 1), min(n, 2), n(n − 1)/2
ADGEN_HD inline Cost cost(Policy policy, long long n) {
  Cost c;
  if (n <= 0)
    return c;
  Policy p = resolve(policy, n);
  switch (p.kind) {
  case Kind::Every: {
    long long segments = ceilDiv(n, p.arg);
    c.snapshots = segments;
    c.peak = segments + p.arg - 1;
    c.recomputed = n - segments;
    return c;
  }
  case Kind::Binomial:
    c.snapshots = n < p.arg ? n : p.arg;
    c.peak = n < p.arg + 1 ? n : p.arg + 1;
    c.recomputed = binomialRecomputed(n, p.arg);
    return c;
  default:
    c.snapshots = n;
    c.peak = n;
    c.recomputed = 0;
    return c;
  }
}

/// peak · bytesPerState, saturating at the largest unsigned long long.
ADGEN_HD inline unsigned long long peakBytes(Cost c,
                                             unsigned long long bytesPerState) {
  unsigned long long peak = static_cast<unsigned long long>(c.peak);
  if (bytesPerState && peak > ~0ULL / bytesPerState)
    return ~0ULL;
  return peak * bytesPerState;
}

// --- budget -----------------------------------------------------------------

struct BudgetChoice {
  Policy policy;        ///< all, every s, binomial C or recompute
  Cost cost;            ///< its cost on n iterations
  bool overrun = false; ///< not even recompute fits: recompute was chosen
};

/// a · b, saturating at the largest unsigned long long.
ADGEN_HD inline unsigned long long mulSat(unsigned long long a,
                                          unsigned long long b) {
  return a && b > ~0ULL / a ? ~0ULL : a * b;
}
/// a + b, saturating.
ADGEN_HD inline unsigned long long addSat(unsigned long long a,
                                          unsigned long long b) {
  return b > ~0ULL - a ? ~0ULL : a + b;
}

/// `budget B` on a loop of n iterations each taping at most stepTapeBytes
/// bytes (< 0: no bound known when the loop starts): whether the tape of
/// all n fits in B, so the loop runs the real `all` (every iteration taped
/// in the forward sweep, nothing re-run).
ADGEN_HD inline bool tapesAll(Policy p, long long n, long long stepTapeBytes) {
  return p.kind == Kind::Budget && stepTapeBytes >= 0 && p.arg >= 0 &&
         mulSat(static_cast<unsigned long long>(n < 0 ? 0 : n),
                static_cast<unsigned long long>(stepTapeBytes)) <=
             static_cast<unsigned long long>(p.arg);
}

/// Iterations a checkpointed policy's backward sweep keeps on the tape at
/// once: a segment of every s (re-run taped, then reversed), otherwise the
/// one iteration it reverses.
ADGEN_HD inline long long tapedAtOnce(Policy p, long long n) {
  if (n <= 0)
    return 0;
  p = resolve(p, n);
  return p.kind == Kind::Every && p.arg > 1 ? (p.arg < n ? p.arg : n) : 1;
}

/// The heap a checkpointed policy holds at once on n iterations: its
/// snapshots (binomial's with the position of each, its schedule's stack),
/// and the tape of the iterations it re-runs taped at once (stepTapeBytes:
/// the most one iteration tapes). Allocation headers come on top.
ADGEN_HD inline unsigned long long heldBytes(Policy p, long long n,
                                             unsigned long long bytesPerState,
                                             unsigned long long stepTapeBytes) {
  Cost c = cost(p, n);
  unsigned long long perSnapshot =
      addSat(bytesPerState, resolve(p, n).kind == Kind::Binomial
                                ? sizeof(long long)
                                : 0);
  return addSat(
      mulSat(static_cast<unsigned long long>(c.snapshots), perSnapshot),
      mulSat(static_cast<unsigned long long>(tapedAtOnce(p, n)),
             stepTapeBytes));
}

ADGEN_HD inline BudgetChoice chooseForBudgetWithTape(
    long long n, unsigned long long bytesPerState,
    unsigned long long budget, unsigned long long stepTapeBytes);

/// The fewest snapshots C <= cMax recomputing as little as binomial cMax
/// (t(n, C) is non-increasing in C).
ADGEN_HD inline long long fewestSlotsAsGood(long long n, long long cMax) {
  long long target = binomialSteps(n, cMax), lo = 1, hi = cMax;
  while (lo < hi) {
    long long mid = lo + (hi - lo) / 2;
    if (binomialSteps(n, mid) <= target)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/// No policy fits: recompute, flagged.
ADGEN_HD inline BudgetChoice overrunChoice(long long n) {
  BudgetChoice c;
  c.policy = Policy::recompute();
  c.cost = cost(c.policy, n);
  c.overrun = true;
  return c;
}

/// `budget B`: of all, every s (every s), recompute and binomial C (every C),
/// the policy with the least recomputation whose peak bytes fit in `budget`;
/// ties go to the smaller peak, then to that order (so every 1 reads all and
/// binomial 1 reads recompute).
/// If none fits, recompute, with `overrun` set.
/// stepTapeBytes >= 0 (the most one iteration tapes, known): the bytes that
/// must fit are the real heap instead, heldBytes() (snapshots and the tape
/// of a re-run), see chooseForBudgetWithTape().
ADGEN_HD inline BudgetChoice chooseForBudget(long long n,
                                             unsigned long long bytesPerState,
                                             unsigned long long budget,
                                             long long stepTapeBytes = -1) {
  if (stepTapeBytes >= 0)
    return chooseForBudgetWithTape(
        n, bytesPerState, budget,
        static_cast<unsigned long long>(stepTapeBytes));
  // The most states that fit.
  unsigned long long fitU =
      bytesPerState ? budget / bytesPerState : ~0ULL;
  long long fit = fitU > static_cast<unsigned long long>(kMaxSteps) + 1
                      ? kMaxSteps + 1
                      : static_cast<long long>(fitU);
  BudgetChoice best;
  bool have = false;
  auto consider = [&](Policy p) {
    Cost c = cost(p, n);
    if (c.peak > fit)
      return;
    if (!have || c.recomputed < best.cost.recomputed ||
        (c.recomputed == best.cost.recomputed && c.peak < best.cost.peak)) {
      best.policy = p;
      best.cost = c;
      have = true;
    }
  };
  consider(Policy::all());
  // every s: recomputation n − ⌈n/s⌉ grows with s, so the smallest s that
  // fits is the best; ⌈n/s⌉ + s never decreases past s = ⌈√n⌉, so if none
  // up to there fits, none does.
  long long sMax = isqrt(n);
  if (sMax * sMax < n)
    ++sMax;
  for (long long s = 1; s <= sMax && s <= n; ++s)
    if (cost(Policy::every(s), n).peak <= fit) {
      consider(Policy::every(s));
      break;
    }
  consider(Policy::recompute()); // before binomial 1, which it equals
  // binomial C: recomputation falls as C grows while the peak min(n, C + 1)
  // rises: take the largest C that fits, then the smallest C recomputing as
  // little (t(n, C) is non-increasing in C).
  long long cMax = fit - 1 < n ? fit - 1 : n;
  if (cMax >= 1)
    consider(Policy::binomial(fewestSlotsAsGood(n, cMax)));
  return have ? best : overrunChoice(n);
}

/// chooseForBudget() when one iteration's tape is known: of the same
/// policies, the one with the least recomputation whose heldBytes() fit in
/// `budget`; ties go to the fewer bytes, then to that order.
ADGEN_HD inline BudgetChoice chooseForBudgetWithTape(
    long long n, unsigned long long bytesPerState,
    unsigned long long budget, unsigned long long stepTapeBytes) {
  const unsigned long long S = bytesPerState, T = stepTapeBytes;
  BudgetChoice best;
  unsigned long long bestBytes = 0;
  bool have = false;
  auto consider = [&](Policy p) {
    unsigned long long bytes = heldBytes(p, n, S, T);
    if (bytes > budget)
      return;
    Cost c = cost(p, n);
    if (!have || c.recomputed < best.cost.recomputed ||
        (c.recomputed == best.cost.recomputed && bytes < bestBytes)) {
      best.policy = p, best.cost = c, bestBytes = bytes, have = true;
    }
  };
  consider(Policy::all());
  if (n > 1) {
    // every s: recomputation grows with s, so the smallest s that fits is
    // the best. ⌈n/s⌉·S + s·T falls until about s* = √(n·S/T) and rises
    // after it: search [1, s*] for the first s that fits.
    const unsigned long long un = static_cast<unsigned long long>(n);
    unsigned long long q = !T                           ? ~0ULL
                           : mulSat(un, S) != ~0ULL ? un * S / T
                                                    : mulSat(un, S / T);
    long long hi = q >= static_cast<unsigned long long>(n) * un
                       ? n // s* >= n: the whole range
                       : isqrt(static_cast<long long>(q)) + 1;
    hi = hi > n ? n : hi;
    auto fits = [&](long long s) {
      return heldBytes(Policy::every(s), n, S, T) <= budget;
    };
    long long lo = 1;
    if (fits(hi)) {
      long long up = hi;
      while (lo < up) {
        long long mid = lo + (up - lo) / 2;
        if (fits(mid))
          up = mid;
        else
          lo = mid + 1;
      }
      consider(Policy::every(lo));
    }
  }
  consider(Policy::recompute());
  // binomial C: the most snapshots (and their positions) that fit beside
  // one iteration's tape, then the fewest recomputing as little.
  if (budget >= T) {
    unsigned long long fitU = (budget - T) / addSat(S, sizeof(long long));
    long long cMax = fitU >= static_cast<unsigned long long>(n)
                         ? n
                         : static_cast<long long>(fitU);
    if (cMax >= 1)
      consider(Policy::binomial(fewestSlotsAsGood(n, cMax)));
  }
  return have ? best : overrunChoice(n);
}

// --- the schedule, action by action -----------------------------------------

/// One action of the backward sweep.
enum class Act : int {
  Done,
  /// Recompute a_first .. a_last (each from the one before; a_{first−1} is
  /// held) and keep them all (every s re-running a segment).
  Compute,
  /// Recompute a_first .. a_last from a_{first−1} (a snapshot) in one
  /// working state, overwriting it step by step: only a_last is kept.
  Advance,
  /// The working state a_first becomes snapshot number `slot`.
  TakeShot,
  /// Reverse iteration `first` with a_first (held); a_first is then dropped
  /// (freeing its snapshot slot if it was one, `slot` >= 0).
  Reverse
};

struct Action {
  Act act = Act::Done;
  long long first = 0, last = 0;
  /// Compute/Advance: the slot of the snapshot they start from, or −1 when
  /// they start from a recomputed state; TakeShot: the slot written;
  /// Reverse: the slot of a_first if it is a snapshot, else −1.
  long long slot = -1;
};

/// The schedule of a loop of n iterations under a policy. The forward sweep
/// keeps a_i in snapshot slot forwardSlot(i) when storesInForward(i); the
/// backward sweep then runs next() until it returns Act::Done, which reverses
/// iterations n−1, …, 0 in that order.
///
/// Binomial schedules need `stack` for next(): room for stackSize(policy, n)
/// positions (the snapshots held, min(n, C)), owned by the caller; other
/// policies need none. The forward sweep keeps the snapshots of the
/// schedule's first advances (Revolve's chain from a_0: a snapshot at each
/// optimal split, until one slot is left), so next() starts with them held
/// and recomputes F(n, C) states; it asks storesInForward(i) for
/// i = 0, 1, ... in order.
///
/// `every s` counts its segments back from n (the short one comes first), so
/// the forward sweep must know n. With `aligned` they start at 0, s, 2s, ...
/// (the short one comes last) and the forward sweep keeps a_i when s divides
/// i: the schedule of a loop whose trip count is only known at its end.
/// Binomial with `aligned` starts from a_0 alone (a forward sweep that did
/// not know n could not place the chain) and recomputes t(n, C).
class Schedule {
public:
  /// The positions a binomial schedule's `stack` must hold (0 for others).
  ADGEN_HD static long long stackSize(Policy policy, long long n) {
    return resolve(policy, n).kind == Kind::Binomial ? cost(policy, n).snapshots
                                                     : 0;
  }

  ADGEN_HD Schedule(Policy policy, long long n, long long *stack = nullptr,
                    bool aligned = false)
      : p_(resolve(policy, n)), n_(n < 0 ? 0 : n), stack_(stack),
        aligned_(aligned) {
    hi_ = n_;
    if (p_.kind == Kind::Every) {
      segments_ = ceilDiv(n_, p_.arg);
      if (aligned_)
        first_ = n_ < p_.arg ? n_ : p_.arg; // the short segment comes last
      else
        first_ = n_ - (segments_ - 1) * p_.arg; // ... or first
    } else if (p_.kind == Kind::Binomial && n_ > 0) {
      fwdNext_ = 0;
      for (long long i = 0; stack_ && i >= 0; i = chainAfter(i, top_))
        stack_[++top_] = i;
    }
  }

  /// The snapshots the forward sweep keeps (those next() starts with).
  ADGEN_HD long long forwardShots() const {
    switch (p_.kind) {
    case Kind::All:
      return n_;
    case Kind::Every:
      return segments_;
    default:
      return stack_ ? top_ + 1 : 0;
    }
  }

  ADGEN_HD Policy policy() const { return p_; }
  ADGEN_HD long long steps() const { return n_; }

  /// Snapshot slots the schedule uses (slots run 0 .. slots()−1).
  ADGEN_HD long long slots() const { return cost(p_, n_).snapshots; }

  /// Whether the forward sweep keeps a_i (binomial: asked in order of i).
  ADGEN_HD bool storesInForward(long long i) {
    switch (p_.kind) {
    case Kind::All:
      return true;
    case Kind::Every:
      // Segment starts: 0, then every s counted back from n (or from 0).
      if (aligned_)
        return i % p_.arg == 0;
      return i == 0 || (n_ - i) % p_.arg == 0;
    case Kind::Binomial:
      if (i != fwdNext_)
        return i == fwdLast_;
      fwdLast_ = i;
      fwdNext_ = chainAfter(i, ++fwdSlot_);
      return true;
    default:
      return i == 0;
    }
  }

  /// The slot the forward sweep keeps a_i in (when storesInForward(i)).
  ADGEN_HD long long forwardSlot(long long i) const {
    if (p_.kind == Kind::All)
      return i;
    if (p_.kind == Kind::Every && aligned_)
      return i / p_.arg;
    if (p_.kind == Kind::Every)
      return i == 0 ? 0 : segments_ - (n_ - i) / p_.arg;
    if (p_.kind == Kind::Binomial)
      return fwdSlot_;
    return 0;
  }

  /// The next action of the backward sweep.
  ADGEN_HD Action next() {
    switch (p_.kind) {
    case Kind::Every:
      return nextEvery();
    case Kind::Binomial:
      return nextBinomial();
    default:
      if (hi_ <= 0)
        return {};
      --hi_;
      return {Act::Reverse, hi_, hi_, hi_};
    }
  }

private:
  // binomial: the chain position after snapshot `slot` at position i, or
  // −1 when that was the chain's last (one slot left, one step left, or
  // aligned).
  ADGEN_HD long long chainAfter(long long i, long long slot) const {
    long long l = n_ - i, c = p_.arg - slot;
    if (aligned_ || c < 2 || l < 2)
      return -1;
    return i + binomialSplit(l, c);
  }

  // every s: segments [p, q) from the last; recompute a_{p+1} .. a_{q−1}
  // from the snapshot a_p, then reverse q−1 .. p.
  ADGEN_HD Action nextEvery() {
    if (hi_ <= 0)
      return {};
    long long seg = segmentOf(hi_ - 1), p = seg == 0 ? 0 : first_ +
                                                   (seg - 1) * p_.arg;
    if (!computed_) {
      computed_ = true;
      if (hi_ - p >= 2)
        return {Act::Compute, p + 1, hi_ - 1, seg};
    }
    long long i = --hi_;
    if (i == p)
      computed_ = false; // the segment is done
    return {Act::Reverse, i, i, i == p ? seg : -1};
  }

  ADGEN_HD long long segmentOf(long long i) const {
    return i < first_ ? 0 : 1 + (i - first_) / p_.arg;
  }

  // binomial C: the snapshots held are stack_[0..top_] (stack_[0] = 0; at
  // first the forward sweep's chain). The
  // latest, lo = stack_[top_], starts the unreversed range [lo, hi_) with
  // c = C − top_ slots. One step left: reverse it from its snapshot. One
  // slot: advance to hi_−1 and reverse it. Otherwise advance to the optimal
  // split and take a snapshot there.
  ADGEN_HD Action nextBinomial() {
    if (pending_ != Act::Done) {
      Act a = pending_;
      pending_ = Act::Done;
      if (a == Act::TakeShot) {
        stack_[++top_] = target_;
        return {Act::TakeShot, target_, target_, top_};
      }
      --hi_;
      return {Act::Reverse, hi_, hi_, -1};
    }
    if (hi_ <= 0)
      return {};
    long long lo = stack_[top_], l = hi_ - lo, c = p_.arg - top_;
    if (l == 1) {
      --hi_;
      return {Act::Reverse, lo, lo, top_--};
    }
    if (c <= 1) {
      pending_ = Act::Reverse;
      target_ = hi_ - 1;
    } else {
      pending_ = Act::TakeShot;
      target_ = lo + binomialSplit(l, c);
    }
    return {Act::Advance, lo + 1, target_, top_};
  }

  Policy p_;
  long long n_;
  long long *stack_;
  bool aligned_;
  long long hi_ = 0;       // iterations [0, hi_) are still to be reversed
  long long segments_ = 0; // every s: ⌈n/s⌉
  long long first_ = 0;    // every s: length of the first (short) segment
  bool computed_ = false;  // every s: the current segment is recomputed
  long long top_ = -1;     // binomial: index of the latest snapshot
  long long fwdNext_ = -1; // binomial: the forward sweep's next snapshot
  long long fwdLast_ = -1; // ... and the one it last kept, in slot fwdSlot_
  long long fwdSlot_ = -1;
  Act pending_ = Act::Done;
  long long target_ = 0;
};

} // namespace checkpoint
} // namespace adgen

// The simulator (host only).
#if !defined(__CUDA_ARCH__)
#include "adgen/simulate.h"
#endif
