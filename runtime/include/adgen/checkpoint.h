// adgen checkpointed loops at run time: the snapshot store and the two
// halves of a checkpointed loop's adjoint that generated code drives.
//
//   Store     one LIFO byte store per f_grad call; every checkpointed loop
//             keeps its snapshots in a region of it (loops nested in loops
//             stack their regions, as the tape does its values).
//   Forward   the forward sweep: `if (ck.save(i)) { ck.put(&h, 1); ... }`
//             at the start of iteration i keeps a_i when the schedule says.
//   Reverse   the backward sweep, one schedule action per next():
//
//     adgen::checkpoint::Reverse ck(snapshots, policy, n, stateBytes, "f.cpp:7");
//     while (ck.next()) {
//       if (ck.restores()) { ck.get(&h, 1); ck.get(hs, 64); }  // a snapshot
//       for (i = ck.advanceBegin(); i < ck.advanceEnd(); ++i) { body }
//       if (ck.takesShot()) { ck.put(&h, 1); ck.put(hs, 64); }
//       for (i = ck.tapeBegin(); i < ck.tapeEnd(); ++i) { body, taped }
//       if (ck.reverses()) { backward sweep of iteration ck.iteration() }
//     }
//     ck.finish();
//
// `every s` re-runs a segment taped from its snapshot and reverses it (Chen
// et al.); binomial is Revolve run online: the forward sweep keeps the
// schedule's first snapshots as it goes, and the backward sweep re-runs
// untaped to the next snapshot (Revolve's advance), then tapes and reverses
// one iteration at a time. `all` never comes here:
// the adjoint tapes every iteration (tally() counts it).
//
// `budget B` runs the real `all` when the tape that taping every iteration
// keeps fits in B (tapesAll(): the generated code passes Forward and
// Reverse alike an upper bound of one iteration's tape bytes, known when
// the loop starts): the forward sweep then runs the taped body (`if
// (ck.tapes()) { taped loop } else { primal loop keeping snapshots }`), and
// Reverse's actions only reverse, last iteration first: no snapshot, no
// re-run. Otherwise, with that bound, chooseForBudget() counts the real
// heap, heldBytes(): snapshots, binomial's stack and the tape of the
// iterations re-run taped at once (which the generated code reserves
// before each re-run).
//
// A trip count unknown when the loop starts (a while loop) makes both
// `online`; Reverse then gets the count the loop ran. The forward sweep
// cannot place `every s`'s segments from the end, so they start at 0, s,
// 2s, ... (same counts); `auto` keeps every s-th state with s doubling and
// every other snapshot dropped whenever the snapshots reach 2s (so at the end
// s lies in [√(n/2), √(2n)] and at most ≈ 2.12√n states are held, against
// 2√n when n is known); binomial and recompute keep a_0 only (recomputing
// t(n, C), not F(n, C)); `budget B` becomes binomial with as many snapshots
// as fit.
//
// With -DADGEN_STATS (host code), every run updates the counters of its
// loop, read through adgen::stats (see the end of this file); without it
// the counters and the "file:line" names cost nothing.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "adgen/arena.h"
#include "adgen/hd.h"
#include "adgen/schedule.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if defined(ADGEN_STATS) && !defined(__CUDA_ARCH__)
#define ADGEN_STATS_ON 1
#include <cstdio>
#include <cstring>
#else
#define ADGEN_STATS_ON 0
#endif

namespace adgen {

#if ADGEN_STATS_ON
namespace stats {
struct Loop;
Loop *site(const char *where);
} // namespace stats
#endif

namespace checkpoint {

/// The snapshot store of one f_grad call: a LIFO region of bytes that grows
/// by doubling (malloc/free work in host and device code).
class Store {
public:
  Store() = default;
  /// Memory from `arena` (a batched kernel's per-thread slice).
  ADGEN_HD explicit Store(Arena *arena) : arena_(arena) {}
  Store(const Store &) = delete;
  Store &operator=(const Store &) = delete;
  ADGEN_HD ~Store() { detail::release(arena_, data_); }
  ADGEN_HD Arena *arena() const { return arena_; }

  ADGEN_HD std::size_t size() const { return size_; }
  /// The most bytes held at once.
  ADGEN_HD std::size_t peak() const { return peak_; }
  /// The bytes allocated.
  ADGEN_HD std::size_t capacity() const { return cap_; }
  ADGEN_HD unsigned char *at(std::size_t offset) { return data_ + offset; }

  /// Room for n bytes in all, allocated exactly (a checkpointed loop whose
  /// schedule is known reserves its slots: the heap is what it needs).
  ADGEN_HD void reserve(std::size_t n) {
    if (n > cap_)
      regrow(n);
  }

  /// Grows or shrinks the bytes held to n (keeping what is below).
  ADGEN_HD void resize(std::size_t n) {
    if (n > cap_) {
      std::size_t cap = cap_ ? 2 * cap_ : 4096;
      regrow(cap < n ? n : cap);
    }
    size_ = n;
    if (n > peak_)
      peak_ = n;
  }

private:
  ADGEN_HD void regrow(std::size_t cap) {
    auto *grown = static_cast<unsigned char *>(detail::allocate(arena_, cap));
    if (size_)
      std::memcpy(grown, data_, size_);
    detail::release(arena_, data_);
    data_ = grown;
    cap_ = cap;
  }

  Arena *arena_ = nullptr;
  unsigned char *data_ = nullptr;
  std::size_t size_ = 0, cap_ = 0, peak_ = 0;
};

/// The policy a loop runs: `budget B` resolved against the state size and
/// trip count (n < 0: unknown, binomial with every slot that fits) and,
/// when known (>= 0), the most one iteration tapes.
ADGEN_HD inline Policy chosen(Policy p, long long n, std::size_t stateBytes,
                              bool *overrun = nullptr,
                              long long stepTapeBytes = -1) {
  if (overrun)
    *overrun = false;
  if (p.kind != Kind::Budget)
    return p;
  unsigned long long budget = static_cast<unsigned long long>(p.arg);
  if (n < 0) {
    unsigned long long fit = stateBytes ? budget / stateBytes : 1ULL << 30;
    if (fit < 2 && overrun)
      *overrun = true;
    long long c = fit < 2 ? 1 : fit - 1 > (1ULL << 30) ? 1LL << 30
                                                        : static_cast<long long>(fit - 1);
    return c == 1 ? Policy::recompute() : Policy::binomial(c);
  }
  BudgetChoice b = chooseForBudget(n, stateBytes, budget, stepTapeBytes);
  if (overrun)
    *overrun = b.overrun;
  return b.policy;
}

/// `auto` on a loop of unknown length: the period the forward sweep ends
/// with after n iterations (see Forward::save).
ADGEN_HD inline long long onlinePeriod(long long n) {
  long long s = 1, i = 0;
  while (i < n) { // i: the iterations that are multiples of s
    if (i / s >= 2 * s) {
      s *= 2; // thinned; i is kept if the new period divides it
      if (i % s != 0) {
        i += s / 2;
        continue;
      }
    }
    i += s;
  }
  return s;
}

/// The forward sweep of a checkpointed loop: keeps the snapshots.
class Forward {
public:
  /// online: the trip count n is not known until the loop ends (n is
  /// ignored); n < 0 counts as 0. stepTapeBytes: for `budget B`, an upper
  /// bound of the tape one iteration keeps (< 0: none known), see
  /// tapesAll() and chooseForBudget().
  ADGEN_HD Forward(Store &store, Policy policy, long long n,
                   std::size_t stateBytes, const char *where = nullptr,
                   bool online = false, long long stepTapeBytes = -1)
      : store_(store), bytes_(stateBytes), base_(store.size()),
        online_(online),
        tapes_(!online && tapesAll(policy, n, stepTapeBytes)) {
    if (n < 0)
      n = 0;
    if (tapes_) // the real `all`: no snapshots
      return;
    Policy p = chosen(policy, online ? -1 : n, stateBytes, nullptr,
                      online ? -1 : stepTapeBytes);
    if (online_) {
      kind_ = p.kind == Kind::Every ? Kind::Every
              : p.kind == Kind::Auto ? Kind::Auto
                                     : Kind::Binomial;
      period_ = p.kind == Kind::Every ? (p.arg < 1 ? 1 : p.arg) : 1;
    } else {
      sched_ = Schedule(p, n);
      // Every slot the loop's schedule uses, forward and backward, at once.
      store_.reserve(base_ + static_cast<std::size_t>(sched_.slots()) * bytes_);
    }
    (void)where;
  }

  /// Whether the forward sweep tapes every iteration (`budget B` running
  /// the real `all`) instead of running the primal loop and save().
  ADGEN_HD bool tapes() const { return tapes_; }

  /// At the start of iteration i: whether the schedule keeps a_i; if so the
  /// put()s that follow write it.
  ADGEN_HD bool save(long long i) {
    long long slot = 0;
    if (!online_) {
      if (!sched_.storesInForward(i))
        return false;
      slot = sched_.forwardSlot(i);
    } else if (kind_ == Kind::Binomial) {
      if (i != 0)
        return false;
    } else {
      if (i % period_ != 0)
        return false;
      slot = i / period_;
      if (kind_ == Kind::Auto && slot >= 2 * period_) {
        // Thin: keep snapshots 0, 2, 4, ... as 0, 1, 2, ... at period 2s.
        for (long long j = 1; 2 * j < slot; ++j)
          std::memcpy(store_.at(base_ + j * bytes_),
                      store_.at(base_ + 2 * j * bytes_), bytes_);
        period_ *= 2;
        store_.resize(base_ + static_cast<std::size_t>((slot + 1) / 2) * bytes_);
        if (i % period_ != 0)
          return false;
        slot = i / period_;
      }
    }
    std::size_t end = base_ + static_cast<std::size_t>(slot + 1) * bytes_;
    if (store_.size() < end)
      store_.resize(end);
    cursor_ = base_ + static_cast<std::size_t>(slot) * bytes_;
    return true;
  }

  template <class T> ADGEN_HD void put(const T *p, std::size_t count) {
    std::memcpy(store_.at(cursor_), p, count * sizeof(T));
    cursor_ += count * sizeof(T);
  }

private:
  Store &store_;
  std::size_t bytes_, base_, cursor_ = 0;
  bool online_, tapes_;
  Schedule sched_{Policy::all(), 0};
  Kind kind_ = Kind::All;
  long long period_ = 1;
};

/// The backward sweep of a checkpointed loop (see the top of this file).
class Reverse {
public:
  /// n: the iterations the forward sweep ran (n < 0 counts as 0); online:
  /// the Forward was online (trip count unknown at entry); stepTapeBytes:
  /// the Forward's, so both resolve a budget alike (its tapes() included).
  ADGEN_HD Reverse(Store &store, Policy policy, long long n,
                   std::size_t stateBytes, const char *where = nullptr,
                   bool online = false, long long stepTapeBytes = -1)
      : store_(store), bytes_(stateBytes), n_(n < 0 ? 0 : n),
        stepTape_(online ? -1 : stepTapeBytes),
        taped_(tapesAll(policy, n_, stepTape_)) {
#if ADGEN_STATS_ON
    site_ = where ? stats::site(where) : nullptr;
#else
    (void)where;
#endif
    if (taped_) { // the forward sweep taped every iteration: reverse them
      base_ = slotsEnd_ = store_.size();
      left_ = n_;
      peak_ = peakSnaps_ = n_; // `all`'s n states, as tally() counts them
      return;
    }
    bool overrun = false;
    Policy p = chosen(policy, online ? -1 : n_, stateBytes, &overrun,
                      stepTape_);
    // Online, the forward sweep started every s's segments at 0 and kept
    // only a_0 of a binomial schedule.
    bool aligned = online;
    if (online && p.kind == Kind::Auto)
      p = Policy::every(onlinePeriod(n_));
    long long stack = Schedule::stackSize(p, n_);
    if (stack > 0)
      stack_ = static_cast<long long *>(detail::allocate(
          store.arena(), static_cast<std::size_t>(stack) * sizeof(long long)));
    sched_ = Schedule(p, n_, stack_, aligned);
    // The forward sweep's snapshots are the top of the store; this loop's
    // slots start where they do.
    long long kept = sched_.forwardShots();
    base_ = store_.size() - static_cast<std::size_t>(kept) * bytes_;
    slotsEnd_ = base_ + static_cast<std::size_t>(sched_.slots()) * bytes_;
    store_.resize(slotsEnd_);
    tapedLo_ = n_;
    snaps_ = kept;
    overrun_ = overrun;
    note();
  }
  Reverse(const Reverse &) = delete;
  Reverse &operator=(const Reverse &) = delete;
  ADGEN_HD ~Reverse() {
    if (stack_)
      detail::release(store_.arena(), stack_);
  }

  /// The next action; false when every iteration has been reversed.
  ADGEN_HD bool next() {
    restore_ = shot_ = -1;
    advBegin_ = advEnd_ = tapeBegin_ = tapeEnd_ = 0;
    reverse_ = false;
    if (taped_) {
      if (left_ == 0)
        return false;
      reverse_ = true;
      iteration_ = --left_;
      return true;
    }
    Action a = sched_.next();
    switch (a.act) {
    case Act::Done:
      return false;
    case Act::Compute: // every s: the segment from its snapshot, taped
      restore_ = a.slot;
      tapeBegin_ = tapedLo_ = a.first - 1;
      tapeEnd_ = a.last + 1;
      temps_ += a.last - a.first + 1;
      recomputed_ += a.last - a.first + 1;
      break;
    case Act::Advance: // binomial: to a_last from a snapshot, untaped
      restore_ = a.slot;
      advBegin_ = a.first - 1;
      advEnd_ = a.last;
      temps_ = 1;
      recomputed_ += a.last - a.first + 1;
      break;
    case Act::TakeShot:
      shot_ = a.slot;
      temps_ = 0;
      ++snaps_;
      ++shots_;
      break;
    case Act::Reverse:
      if (a.first < tapedLo_) { // not taped yet: tape it from its state
        restore_ = a.slot;
        tapeBegin_ = tapedLo_ = a.first;
        tapeEnd_ = a.first + 1;
      }
      reverse_ = true;
      iteration_ = a.first;
      dropped_ = a.slot >= 0;
      break;
    }
    note();
    if (reverse_) { // the state of the iteration reversed is dropped
      if (dropped_)
        --snaps_;
      else if (temps_ > 0)
        --temps_;
    }
    return true;
  }

  /// Whether this action starts from a snapshot; the get()s that follow
  /// read it.
  ADGEN_HD bool restores() {
    if (restore_ < 0)
      return false;
    cursor_ = base_ + static_cast<std::size_t>(restore_) * bytes_;
    return true;
  }
  /// Iterations re-run untaped: [advanceBegin, advanceEnd).
  ADGEN_HD long long advanceBegin() const { return advBegin_; }
  ADGEN_HD long long advanceEnd() const { return advEnd_; }
  /// Whether the working state becomes a snapshot; the put()s that follow
  /// write it.
  ADGEN_HD bool takesShot() {
    if (shot_ < 0)
      return false;
    cursor_ = base_ + static_cast<std::size_t>(shot_) * bytes_;
    return true;
  }
  /// Iterations re-run taped: [tapeBegin, tapeEnd).
  ADGEN_HD long long tapeBegin() const { return tapeBegin_; }
  ADGEN_HD long long tapeEnd() const { return tapeEnd_; }
  /// Whether an iteration is reversed now, and which.
  ADGEN_HD bool reverses() const { return reverse_; }
  ADGEN_HD long long iteration() const { return iteration_; }

  template <class T> ADGEN_HD void get(T *p, std::size_t count) {
    std::memcpy(p, store_.at(cursor_), count * sizeof(T));
    cursor_ += count * sizeof(T);
  }
  template <class T> ADGEN_HD void put(const T *p, std::size_t count) {
    std::memcpy(store_.at(cursor_), p, count * sizeof(T));
    cursor_ += count * sizeof(T);
  }

  /// Keeps a copy of what the re-runs overwrite but the caller must find
  /// as the forward sweep left it (arrays the function writes); unstash()
  /// gives it back, in the reverse order of the stash()es.
  template <class T> ADGEN_HD void stash(const T *p, std::size_t count) {
    std::size_t at = store_.size();
    store_.resize(at + count * sizeof(T));
    std::memcpy(store_.at(at), p, count * sizeof(T));
  }
  template <class T> ADGEN_HD void unstash(T *p, std::size_t count) {
    std::size_t at = store_.size() - count * sizeof(T);
    std::memcpy(p, store_.at(at), count * sizeof(T));
    store_.resize(at);
  }

  /// Releases this loop's snapshots.
  ADGEN_HD void finish() {
    store_.resize(base_);
#if ADGEN_STATS_ON
    if (site_)
      record();
#endif
  }

  /// Most states held at once so far, and most snapshots (SPEC §3's
  /// counting); the stats report them per loop.
  ADGEN_HD long long peakHeld() const { return peak_; }
  ADGEN_HD long long peakSnapshots() const { return peakSnaps_; }
  ADGEN_HD long long recomputed() const { return recomputed_; }

private:
  ADGEN_HD void note() {
    long long held = snaps_ + temps_;
    if (held > peak_)
      peak_ = held;
    if (snaps_ > peakSnaps_)
      peakSnaps_ = snaps_;
  }
  void record();
  void *site_ = nullptr; // the stats::Loop of this loop (ADGEN_STATS)
  bool overrun_ = false;
  long long peak_ = 0, peakSnaps_ = 0;

  Store &store_;
  std::size_t bytes_, base_ = 0, slotsEnd_ = 0, cursor_ = 0;
  long long n_;
  long long stepTape_;  // the most one iteration tapes (< 0: unknown)
  bool taped_;          // the forward sweep taped every iteration
  long long left_ = 0;  // taped_: iterations not reversed yet
  long long *stack_ = nullptr;
  Schedule sched_{Policy::all(), 0};
  long long restore_ = -1, shot_ = -1, advBegin_ = 0, advEnd_ = 0,
            tapeBegin_ = 0, tapeEnd_ = 0, iteration_ = 0, tapedLo_ = 0;
  bool reverse_ = false, dropped_ = false;
  long long snaps_ = 0, temps_ = 0, recomputed_ = 0, shots_ = 0;
};

/// A loop under `all` (taped, no snapshots) reports its n states to the
/// counters; nothing without ADGEN_STATS.
ADGEN_HD inline void tally(const char *where, long long n,
                           std::size_t stateBytes);

} // namespace checkpoint

// --- ADGEN_STATS counters ----------------------------------------------------
//
// Compile generated code with -DADGEN_STATS to count, per checkpointed loop
// (named "file:line" of its source), what its last run held and recomputed:
//
//   const adgen::stats::Loop *s = adgen::stats::find("rnn.cpp:12");
//   s->peakHeld, s->snapshots, s->recomputed, s->peakBytes, s->policy ...
//   adgen::stats::print(stdout);   adgen::stats::reset();
//
// "Held" and "recomputed" count states as SPEC §3 and `adgen plan` do.
namespace stats {

struct Loop {
  char where[128] = {};   ///< "file.cpp:line" of the loop
  checkpoint::Policy policy; ///< the schedule run (budget resolved)
  long long runs = 0;       ///< backward sweeps of the loop so far
  long long steps = 0;      ///< trip count of the last run
  long long peakHeld = 0;   ///< most states held at once, last run
  long long snapshots = 0;  ///< most snapshots held at once, last run
  long long shots = 0;      ///< snapshots taken in its backward sweep
  long long recomputed = 0; ///< states computed again, last run
  long long totalRecomputed = 0; ///< ... summed over all runs
  unsigned long long stateBytes = 0; ///< bytes of one snapshot
  unsigned long long peakBytes = 0;  ///< snapshots · stateBytes at the most
  bool overrun = false; ///< budget B: not even recompute fit in B
  bool taped = false;   ///< budget B: ran the real `all` (all taped forward)
  long long stepTapeBytes = -1; ///< budget B: one iteration's tape at most
                                ///< (< 0: not known, not counted)
};

#if ADGEN_STATS_ON
namespace detail {
inline Loop *table() {
  static Loop loops[256];
  return loops;
}
inline int &tableSize() {
  static int n = 0;
  return n;
}
} // namespace detail

/// The loops seen so far, in the order they first ran.
inline int count() { return detail::tableSize(); }
inline const Loop &get(int i) { return detail::table()[i]; }
/// The loop named "file:line", or null when it has not run.
inline const Loop *find(const char *where) {
  Loop *t = detail::table();
  for (int i = 0; i < count(); ++i)
    if (std::strcmp(t[i].where, where) == 0)
      return &t[i];
  return nullptr;
}
/// Forgets every loop.
inline void reset() { detail::tableSize() = 0; }

inline Loop *site(const char *where) {
  Loop *t = detail::table();
  for (int i = 0; i < count(); ++i)
    if (std::strcmp(t[i].where, where) == 0)
      return &t[i];
  if (count() >= 256)
    return nullptr;
  Loop &l = t[detail::tableSize()++];
  l = Loop();
  std::strncpy(l.where, where, sizeof l.where - 1);
  return &l;
}

inline const char *kindName(checkpoint::Kind k) {
  switch (k) {
  case checkpoint::Kind::All: return "all";
  case checkpoint::Kind::Every: return "every";
  case checkpoint::Kind::Auto: return "auto";
  case checkpoint::Kind::Binomial: return "binomial";
  case checkpoint::Kind::Recompute: return "recompute";
  case checkpoint::Kind::Budget: return "budget";
  }
  return "?";
}

/// One line per loop: policy, n, peak held, recomputed, snapshot bytes.
inline void print(std::FILE *out) {
  for (int i = 0; i < count(); ++i) {
    const Loop &l = get(i);
    std::fprintf(out,
                 "%s: %s", l.where, kindName(l.policy.kind));
    if (l.policy.kind == checkpoint::Kind::Every ||
        l.policy.kind == checkpoint::Kind::Binomial)
      std::fprintf(out, " %lld", l.policy.arg);
    std::fprintf(out,
                 ", n %lld, peak states held %lld, snapshots %lld, "
                 "recomputed %lld, peak snapshot bytes %llu%s\n",
                 l.steps, l.peakHeld, l.snapshots, l.recomputed, l.peakBytes,
                 l.overrun ? " (over budget)"
                 : l.taped ? " (taped in the forward sweep)"
                           : "");
  }
}
#endif

} // namespace stats

namespace checkpoint {

#if ADGEN_STATS_ON
inline void Reverse::record() {
  stats::Loop &l = *static_cast<stats::Loop *>(site_);
  l.policy = taped_ ? Policy::all() : sched_.policy();
  l.taped = taped_;
  ++l.runs;
  l.steps = n_;
  l.peakHeld = peak_;
  l.snapshots = peakSnaps_;
  l.shots = shots_;
  l.recomputed = recomputed_;
  l.totalRecomputed += recomputed_;
  l.stateBytes = bytes_;
  l.peakBytes = static_cast<unsigned long long>(peakSnaps_) * bytes_;
  l.overrun = overrun_;
  l.stepTapeBytes = stepTape_;
}
#endif

ADGEN_HD inline void tally(const char *where, long long n,
                           std::size_t stateBytes) {
#if ADGEN_STATS_ON
  stats::Loop *l = where ? stats::site(where) : nullptr;
  if (!l)
    return;
  l->policy = Policy::all();
  ++l->runs;
  l->steps = n;
  l->peakHeld = l->snapshots = n;
  l->shots = 0;
  l->recomputed = 0;
  l->stateBytes = stateBytes;
  l->peakBytes = static_cast<unsigned long long>(n) * stateBytes;
  l->overrun = false;
  l->taped = false;
#else
  (void)where;
  (void)n;
  (void)stateBytes;
#endif
}

} // namespace checkpoint
} // namespace adgen

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
