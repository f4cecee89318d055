// adgen checkpoint schedules, host only: simulate() walks a Schedule
// (adgen/schedule.h) action by action, checking it is valid and counting
// what it holds and recomputes (the third view of a schedule the unit tests
// keep equal to cost() and to the Schedule itself). Included by
// adgen/schedule.h outside device code.
#pragma once

#include "adgen/schedule.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace adgen {
namespace checkpoint {

/// What simulate() saw. With `profile`, `held`, `snapshotsHeld` and
/// `recomputedAt` have one entry per backward step (the k-th iteration
/// reversed, k = 0 .. n−1, i.e. iteration n−1−k): the most states held since
/// the previous reversal, up to and including this one, the snapshots among
/// them at that moment, and the states recomputed since the previous reversal.
struct Simulation {
  Cost cost;
  std::vector<long long> held, snapshotsHeld, recomputedAt;
};

/// Walks the schedule of `policy` on n iterations: the forward sweep's
/// snapshots, then every action of the backward sweep, tracking which states
/// are held (as snapshots or as recomputed temporaries). Throws
/// std::logic_error when the schedule is invalid (a state used that is not
/// held, an iteration reversed out of order, a slot reused while in use).
inline Simulation simulate(Policy policy, long long n, bool profile = false) {
  if (n < 0)
    n = 0;
  Simulation sim;
  enum : char { None, Snap, Temp };
  std::vector<char> status(static_cast<size_t>(n), None);
  long long held = 0, snaps = 0, stepPeak = 0, stepSnaps = 0, stepRecomputed = 0;
  auto fail = [](const std::string &what) { throw std::logic_error(what); };
  auto note = [&] {
    if (held > sim.cost.peak)
      sim.cost.peak = held;
    if (snaps > sim.cost.snapshots)
      sim.cost.snapshots = snaps;
    if (held > stepPeak) {
      stepPeak = held;
      stepSnaps = snaps;
    }
  };
  auto isHeld = [&](long long i) {
    return i >= 0 && i < n && status[static_cast<size_t>(i)] != None;
  };
  auto add = [&](long long i, char kind) {
    if (isHeld(i))
      fail("state " + std::to_string(i) + " held twice");
    status[static_cast<size_t>(i)] = kind;
    ++held;
    snaps += kind == Snap;
  };
  auto drop = [&](long long i) {
    snaps -= status[static_cast<size_t>(i)] == Snap;
    status[static_cast<size_t>(i)] = None;
    --held;
  };

  long long slotsMax = cost(policy, n).snapshots;
  std::vector<long long> slotState(static_cast<size_t>(slotsMax), -1);
  auto useSlot = [&](long long slot, long long i) {
    if (slot < 0 || slot >= slotsMax)
      fail("slot " + std::to_string(slot) + " out of range");
    if (slotState[static_cast<size_t>(slot)] != -1)
      fail("slot " + std::to_string(slot) + " already in use");
    slotState[static_cast<size_t>(slot)] = i;
  };

  std::vector<long long> stack(
      static_cast<size_t>(Schedule::stackSize(policy, n)));
  Schedule s(policy, n, stack.data());

  // The forward sweep computes every state and keeps the snapshots.
  for (long long i = 0; i < n; ++i)
    if (s.storesInForward(i)) {
      add(i, Snap);
      useSlot(s.forwardSlot(i), i);
    }
  note();

  long long next = n - 1; // the iteration to reverse next
  for (;;) {
    Action a = s.next();
    if (a.act == Act::Done)
      break;
    switch (a.act) {
    case Act::Compute:
    case Act::Advance: {
      if (a.first < 1 || a.last < a.first || a.last > next)
        fail("bad recompute range");
      if (!isHeld(a.first - 1))
        fail("recomputing from state " + std::to_string(a.first - 1) +
             ", not held");
      if (a.slot >= 0 && (a.slot >= slotsMax ||
                          slotState[static_cast<size_t>(a.slot)] != a.first - 1))
        fail("recomputing from the wrong slot");
      for (long long i = a.first; i <= a.last; ++i)
        if (isHeld(i))
          fail("state " + std::to_string(i) + " recomputed while held");
      long long count = a.last - a.first + 1;
      sim.cost.recomputed += count;
      stepRecomputed += count;
      if (a.act == Act::Compute) {
        for (long long i = a.first; i <= a.last; ++i)
          add(i, Temp);
        note();
      } else {
        if (status[static_cast<size_t>(a.first - 1)] != Snap)
          fail("advance from a temporary");
        add(a.last, Temp); // one working state, updated in place
        note();
      }
      break;
    }
    case Act::TakeShot:
      if (!isHeld(a.first) || status[static_cast<size_t>(a.first)] != Temp)
        fail("takeshot of a state not recomputed");
      status[static_cast<size_t>(a.first)] = Snap;
      ++snaps;
      useSlot(a.slot, a.first);
      note();
      break;
    case Act::Reverse: {
      if (a.first != next)
        fail("reversed iteration " + std::to_string(a.first) + ", expected " +
             std::to_string(next));
      if (!isHeld(a.first))
        fail("reversing iteration " + std::to_string(a.first) +
             " without its state");
      bool snap = status[static_cast<size_t>(a.first)] == Snap;
      if (snap != (a.slot >= 0))
        fail("reverse: slot does not match the state's kind");
      if (snap) {
        if (a.slot >= slotsMax ||
            slotState[static_cast<size_t>(a.slot)] != a.first)
          fail("reverse: wrong slot");
        slotState[static_cast<size_t>(a.slot)] = -1;
      }
      note();
      if (profile) {
        sim.held.push_back(stepPeak);
        sim.snapshotsHeld.push_back(stepSnaps);
        sim.recomputedAt.push_back(stepRecomputed);
      }
      stepRecomputed = 0;
      drop(a.first);
      stepPeak = held;
      stepSnaps = snaps;
      --next;
      break;
    }
    default:
      fail("unknown action");
    }
  }
  if (next != -1)
    fail("backward sweep ended before iteration 0");
  if (held != 0)
    fail("states left over after the backward sweep");
  return sim;
}

} // namespace checkpoint
} // namespace adgen
