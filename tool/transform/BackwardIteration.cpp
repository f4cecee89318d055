// Reverse mode, backward sweep: one loop iteration taken back. Stepped
// variables step back; the iteration's copies of snapshotted arrays are
// popped, or computed again by the loop that filled them, and the next
// iteration's entry copies kept where this one's values are read back.
#include "transform/BackwardSweep.h"

#include <cmath>
#include <string>

namespace adgen::detail {

void BackwardSweep::reverseStep(const Item &it) {
  const SteppedVar &sv = *it.stepped;
  if (it.kind == Item::SteppedLoopEnd) { // its value as the loop ended
    b.writeVar(sv.back,
               sv.last ? b.readVar(sv.last) : b.pop(cx.rt.tape(sv.back->type)));
  } else if (sv.used) {
    Op *by = b.constant(std::fabs(it.step), sv.back->type);
    b.writeVar(sv.back, it.step > 0 ? b.sub(b.readVar(sv.back), by)
                                    : b.add(b.readVar(sv.back), by));
  }
}

void BackwardSweep::reverseIteration(const Item &it) {
  reverse(it.b, true); // the step ran after the body
  // for (k < extent) to[k] = value(k): an iteration's array, copied or
  // computed again.
  auto copyLoop = [&](Array *to, auto value, const std::string &what) {
    cx.out
        .forLoop(
            cx.out.extentOf(to), [&](Op *q) { b.store(to, q, value(q)); },
            "backward sweep: " + what)
        ->role = OpRole::BackwardCopy;
  };
  // The next iteration's entry copies, which hold what this one left.
  for (const IterationCopy &s : it.snaps)
    if (s.next)
      copyLoop(
          s.next, [&](Op *q) { return b.load(s.copy, q); },
          s.array->name + " as this iteration ended");
  // This iteration's copies of snapshotted arrays, last pushed first;
  // those cheaper to compute again than to tape by their loop, once more.
  for (auto s = it.snaps.rbegin(); s != it.snaps.rend(); ++s) {
    Array *copy = s->copy;
    if (s->value) {
      auto again = [&](Op *q) {
        cx.rc.enterReversedLoop(s->counter, q);
        Op *v = cx.rc.recompute(s->value);
        cx.rc.leaveReversedLoop();
        return v;
      };
      copyLoop(copy, again,
               copy->name + " as in this iteration, computed again (line " +
                   std::to_string(s->loc.line) + ")");
      continue;
    }
    b.popArray(cx.rt.tape(copy->elemType), copy, cx.out.extentOf(copy))
        ->comment = "backward sweep: " + copy->name + " as in this iteration";
  }
  reverse(it.a, true);
}

} // namespace adgen::detail
