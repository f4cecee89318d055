#include "transform/Structure.h"

#include "ir/Builder.h"
#include "ir/UniqueNames.h"


namespace adgen {
namespace {

/// The flags of one loop being structured.
struct LoopFlags {
  Var *brk = nullptr;  // set by break (and by a return inside the loop)
  Var *cont = nullptr; // set by continue, cleared at each iteration's start
  LoopFlags *outer = nullptr;
};

/// True when `b` holds a jump that leaves it: break/continue aimed at the
/// loop around `b` (not at loops inside it), or any return.
bool hasJump(const Block &b, bool inNestedLoop = false) {
  for (auto &o : b.ops) {
    if (o->kind == OpKind::Return ||
        (!inNestedLoop &&
         (o->kind == OpKind::Break || o->kind == OpKind::Continue)))
      return true;
    for (auto &r : o->regions)
      if (hasJump(*r, inNestedLoop || o->kind == OpKind::Loop))
        return true;
  }
  return false;
}

class Structurer {
public:
  explicit Structurer(Function &f) : f(f), b(f) {}

  void run() {
    // Only a function whose returns are not all a single final one needs
    // the `done` flag; break/continue are always structured.
    int returns = 0;
    walk(f.body, [&](const Op &o) { returns += o.kind == OpKind::Return; });
    Op *last = f.body.ops.empty() ? nullptr : f.body.ops.back().get();
    bool finalReturnOnly =
        returns == 0 || (returns == 1 && last && last->kind == OpKind::Return);
    if (!finalReturnOnly) {
      b.setBlock(&f.body);
      done = f.newVar(unique("returned"), Type::Bool);
      if (f.retType != Type::Void)
        result = f.newVar(unique("result"), f.retType);
      // Declarations first: `bool returned = false; double result;`.
      b.setInsertPoint(Builder::InsertPoint::start(&f.body));
      b.decl(done, b.constant(0, Type::Bool));
      // The result starts at zero: every path sets it, but compilers cannot
      // always see that (-Wmaybe-uninitialized).
      if (result)
        b.decl(result, b.constant(0, result->type));
      block(f.body, nullptr);
      b.setBlock(&f.body);
      b.create(OpKind::Return, Type::Void,
               result ? std::vector<Op *>{b.readVar(result)}
                      : std::vector<Op *>{});
      return;
    }
    block(f.body, nullptr);
  }

private:
  /// adgen_base, or adgen_base_i for the least i that no variable or array
  /// of f has (f gains names from other code too: synced first).
  std::string unique(const std::string &base) {
    names.sync(f);
    return names.fresh("adgen_" + base);
  }

  /// What says "skip the rest of this block": inside a loop its break or
  /// continue flag (a return sets every enclosing break flag), outside any
  /// loop the function's `returned` flag.
  Op *skipCondition(LoopFlags *lf) {
    if (!lf)
      return b.readVar(done);
    Op *s = b.readVar(lf->brk);
    if (lf->cont)
      s = b.binary(OpKind::Or, s, b.readVar(lf->cont));
    return s;
  }

  /// Rewrites the jumps of `blk`; true when it may now skip work by flag.
  bool block(Block &blk, LoopFlags *lf) {
    bool jumped = false;
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      Op &o = *blk.ops[i];
      bool j = false;
      switch (o.kind) {
      case OpKind::Return:
        if (!done)
          break; // the one final return stays
        i = replaceJump(blk, i, lf);
        j = true;
        break;
      case OpKind::Break:
      case OpKind::Continue:
        i = replaceJump(blk, i, lf);
        j = true;
        break;
      case OpKind::If:
        j = block(*o.region(0), lf);
        j = block(*o.region(1), lf) || j;
        break;
      case OpKind::Loop:
        j = done && hasReturnInside(o); // before its returns become writes
        i = loop(blk, i, lf);
        break;
      default:
        break;
      }
      if (j && i + 1 < blk.ops.size()) {
        guardRest(blk, i + 1, lf);
        return true;
      }
      jumped = jumped || j;
    }
    return jumped;
  }

  static bool hasReturnInside(const Op &o) {
    bool r = false;
    for (auto &reg : o.regions)
      walk(*reg, [&](const Op &x) { r = r || x.kind == OpKind::Return; });
    return r;
  }

  /// Moves blk.ops[from..] into `if (!skip) { ... }` and structures them.
  void guardRest(Block &blk, size_t from, LoopFlags *lf) {
    Block rest;
    blk.moveTail(from, rest);
    b.setBlock(&blk);
    b.setLoc(rest.ops.front()->loc);
    Op *guard = b.ifOp(b.create(OpKind::Not, Type::Bool, {skipCondition(lf)}));
    Block *body = guard->region(0);
    body->splice(0, rest);
    block(*body, lf);
  }

  /// Replaces the jump at blk.ops[i] by flag writes; returns the index of
  /// the last op written in its place.
  size_t replaceJump(Block &blk, size_t i, LoopFlags *lf) {
    std::unique_ptr<Op> jump = blk.take(blk.ops[i].get());
    Block tail;
    blk.moveTail(i, tail);
    b.setBlock(&blk);
    b.setLoc(jump->loc);
    Op *yes = b.constant(1, Type::Bool);
    if (jump->kind == OpKind::Break) {
      b.writeVar(lf->brk, yes);
    } else if (jump->kind == OpKind::Continue) {
      b.writeVar(lf->cont, yes);
    } else {
      if (result)
        b.writeVar(result, jump->operands[0]);
      b.writeVar(done, yes);
      for (LoopFlags *l = lf; l; l = l->outer)
        b.writeVar(l->brk, yes);
    }
    size_t last = blk.ops.size() - 1;
    blk.splice(blk.ops.size(), tail);
    // Nothing may follow a jump in its block: the frontend drops it.
    return last;
  }

  /// Structures the loop at blk.ops[i]; returns its (new) index.
  size_t loop(Block &blk, size_t i, LoopFlags *outer) {
    Op &lp = *blk.ops[i];
    Block &body = *lp.region(1);
    if (!hasJump(body)) {
      LoopFlags none{nullptr, nullptr, outer};
      // Nested loops may still jump within themselves.
      block(body, &none);
      return i;
    }
    bool anyContinue = false;
    walkOwn(body, [&](const Op &o) {
      anyContinue = anyContinue || o.kind == OpKind::Continue;
    });
    LoopFlags lf{f.newVar(unique("break"), Type::Bool),
                 anyContinue ? f.newVar(unique("continue"), Type::Bool)
                             : nullptr,
                 outer};
    // bool adgen_break = false; right before the loop.
    b.setInsertPoint(Builder::InsertPoint::beforeOp(&lp));
    b.setLoc(lp.loc);
    b.decl(lf.brk, b.constant(0, Type::Bool));
    if (lf.cont)
      b.decl(lf.cont, b.constant(0, Type::Bool));
    size_t loopIndex = blk.indexOf(&lp);

    // Each iteration starts with `adgen_continue = false`.
    if (lf.cont) {
      b.setInsertPoint(Builder::InsertPoint::start(&body));
      b.writeVar(lf.cont, b.constant(0, Type::Bool));
    }
    block(body, &lf);

    // The condition runs only while no break happened:
    //   bool go = !adgen_break; if (go) { go = <cond>; }
    Block &cond = *lp.region(0);
    Block condOps;
    cond.moveTail(0, condOps);
    b.setBlock(&cond);
    Var *go = f.newVar(unique("go"), Type::Bool);
    b.decl(go, b.create(OpKind::Not, Type::Bool, {b.readVar(lf.brk)}));
    Op *guard = b.ifOp(b.readVar(go));
    Block *gb = guard->region(0);
    for (auto &op : condOps.ops) {
      if (op->kind == OpKind::Condition) {
        b.setBlock(gb);
        b.writeVar(go, op->operands[0]);
        continue;
      }
      gb->insert(gb->ops.size(), std::move(op));
    }
    b.setBlock(&cond);
    b.create(OpKind::Condition, Type::Void, {b.readVar(go)});

    // The step is skipped after a break, as C++ skips it.
    Block &step = *lp.region(2);
    if (!step.ops.empty()) {
      Block stepOps;
      step.moveTail(0, stepOps);
      b.setBlock(&step);
      Op *sg = b.ifOp(b.create(OpKind::Not, Type::Bool, {b.readVar(lf.brk)}));
      sg->region(0)->splice(0, stepOps);
    }
    return loopIndex;
  }

  /// Visits the ops of `b` that belong to its own loop level (not to loops
  /// nested inside).
  template <class Fn> static void walkOwn(const Block &blk, Fn &&fn) {
    for (auto &o : blk.ops) {
      fn(*o);
      if (o->kind != OpKind::Loop)
        for (auto &r : o->regions)
          walkOwn(*r, fn);
    }
  }

  Function &f;
  Builder b;
  Var *done = nullptr;
  Var *result = nullptr;
  UniqueNames names; // of f's variables and arrays (unique())
};

} // namespace

void structureJumps(Function &f) { Structurer(f).run(); }

bool hasJumps(const Function &f) {
  int returns = 0;
  bool bc = false;
  walk(f.body, [&](const Op &o) {
    returns += o.kind == OpKind::Return;
    bc = bc || o.kind == OpKind::Break || o.kind == OpKind::Continue;
  });
  const Op *last = f.body.ops.empty() ? nullptr : f.body.ops.back().get();
  return bc || returns > 1 ||
         (returns == 1 && !(last && last->kind == OpKind::Return));
}

} // namespace adgen
