#include "transform/ForwardOrder.h"

#include "ir/Builder.h"
#include "ir/Clone.h"
#include "transform/ReversedLoop.h"
#include "transform/ValueNumbering.h"

#include <unordered_map>
#include <unordered_set>

namespace adgen {
namespace {

/// A stepped counter's `v = v ± 1` in a body, and the read it steps.
struct Step {
  Op *write, *read;
  int delta; // +1 or -1
};

/// A reversed loop (ReversedLoop.h) and its stepped counters.
struct Reversed : ReversedLoop {
  std::vector<Step> steps;
};

class ForwardOrder {
public:
  explicit ForwardOrder(Function &f) : f(f), aliasing(f) {}

  int run() {
    std::vector<Op *> loops;
    collect(f.body, loops);
    int n = 0;
    for (Op *lp : loops) {
      Reversed r;
      if (matchReversedLoop(lp, r) && commutes(r)) {
        turn(r);
        ++n;
      }
    }
    return n;
  }

private:
  Function &f;
  ShadowAliasing aliasing;
  UseCounts uses;

  static void collect(Block &b, std::vector<Op *> &out) {
    for (auto &op : b.ops) {
      if (op->kind == OpKind::Loop && op->role == OpRole::BackwardLoop)
        out.push_back(op.get());
      for (auto &r : op->regions)
        collect(*r, out);
    }
  }

  /// o is `v = v ± 1` on a variable the body writes nowhere else.
  bool step(Op *o, Reversed &r) const {
    Op *val = o->kind == OpKind::WriteVar ? o->operands[0] : nullptr;
    if (!val || (val->kind != OpKind::Add && val->kind != OpKind::Sub) ||
        val->operands[0]->kind != OpKind::ReadVar ||
        val->operands[0]->var != o->var ||
        !Builder::isConst(val->operands[1], 1) || uses.at(val) != 1 ||
        uses.at(val->operands[0]) != 1 || val->operands[0]->block != o->block ||
        o->var == r.k)
      return false;
    for (const Step &s : r.steps)
      if (s.write->var == o->var)
        return false;
    r.steps.push_back({o, val->operands[0], val->kind == OpKind::Add ? 1 : -1});
    return true;
  }

  bool commutes(Reversed &r) {
    Block *body = r.loop->region(1);
    uses = countUses(*body);
    if (uses.at(r.kread) != 1)
      return false;
    std::unordered_set<const Array *> summed;
    std::unordered_set<const Op *> sumLoads;
    size_t lastWrite = 0; // one past the last store seen
    for (auto &op : body->ops) {
      Op *o = op.get();
      if (!o->regions.empty())
        return false;
      switch (effectOf(o->kind)) {
      case Effect::None:
      case Effect::ReadVar:
      case Effect::ReadArray:
        break;
      case Effect::WriteArray: {
        // No store between a sum's load and its own: each `A[e] += x` is
        // then one step, and two of them commute even on one buffer.
        const Op *l =
            o->kind == OpKind::Store ? accumulatedLoad(*o, uses) : nullptr;
        if (!l || body->indexOf(l) < lastWrite)
          return false;
        summed.insert(o->arr), sumLoads.insert(l);
        lastWrite = body->indexOf(o) + 1;
        break;
      }
      case Effect::WriteVar:
        if (!step(o, r))
          return false;
        break;
      default:
        return false;
      }
    }
    return readsCommute(r, summed, sumLoads);
  }

  /// No read sees what another iteration writes: the counter only through
  /// back, a stepped variable before its step only through the step, a
  /// summed array only through its sums.
  bool readsCommute(const Reversed &r,
                    const std::unordered_set<const Array *> &summed,
                    const std::unordered_set<const Op *> &sumLoads) const {
    std::unordered_set<const Var *> stepped;
    for (const Step &s : r.steps)
      stepped.insert(s.write->var);
    std::unordered_set<const Var *> stepDone;
    for (auto &op : r.loop->region(1)->ops) {
      const Op *o = op.get();
      if (o->kind == OpKind::WriteVar)
        stepDone.insert(o->var);
      if (o->kind == OpKind::ReadVar) {
        if (o->var == r.k && o != r.kread)
          return false;
        bool isStepRead = false;
        for (const Step &s : r.steps)
          isStepRead |= s.read == o;
        if (stepped.count(o->var) && !stepDone.count(o->var) && !isStepRead)
          return false;
      }
      if (o->kind != OpKind::Load)
        continue;
      if (sumLoads.count(o))
        continue;
      if (summed.count(o->arr))
        return false;
      for (const Array *a : summed)
        if (a != o->arr && aliasing.mayShare(a, o->arr))
          return false;
    }
    return true;
  }

  /// Runs r forwards: back is k, each stepped counter jumps to its value
  /// after the loop first and is read as that minus (or plus) k.
  void turn(Reversed &r) {
    Block *body = r.loop->region(1);
    replaceUses(*body, r.back, r.kread);
    Builder b(f);
    b.setLoc(r.loop->loc);
    // Before `int k = 0;`, which the emitter keeps next to its loop.
    Op *first = r.loop;
    size_t at = r.loop->block->indexOf(r.loop);
    if (at > 0) {
      Op *prev = r.loop->block->ops[at - 1].get();
      if (prev->kind == OpKind::Decl && prev->var == r.k)
        first = prev;
    }
    for (const Step &s : r.steps) {
      Var *v = s.write->var;
      b.setInsertPoint(Builder::InsertPoint::beforeOp(first));
      b.writeVar(v, b.binary(s.delta < 0 ? OpKind::Sub : OpKind::Add,
                             b.readVar(v), b.cast(r.count, v->type)));
      b.setInsertPoint(Builder::InsertPoint::beforeOp(s.write));
      Op *at = b.binary(s.delta < 0 ? OpKind::Add : OpKind::Sub, s.read,
                        b.cast(r.kread, v->type));
      at->comment = v->name + " in this iteration";
      size_t from = body->indexOf(s.write) + 1;
      for (size_t i = from; i < body->ops.size(); ++i) {
        Op *o = body->ops[i].get();
        if (o->kind == OpKind::ReadVar && o->var == v)
          replaceUses(*body, o, at);
      }
      body->erase(s.write);
    }
    const std::string last = ", last iteration first";
    size_t p = r.loop->comment.find(last);
    if (p != std::string::npos)
      r.loop->comment.replace(p, last.size(),
                              ", in forward order (its iterations commute)");
  }
};

} // namespace

int runCommutingLoopsForward(Function &f) { return ForwardOrder(f).run(); }

} // namespace adgen
