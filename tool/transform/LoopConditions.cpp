#include "transform/LoopConditions.h"

#include "ir/Builder.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"

#include <set>

namespace adgen {
namespace {

/// True when the condition of `lp` writes a floating-point variable or
/// array other than its own temporaries, or declares one that the body or
/// the step reads.
bool writesState(const Op &lp) {
  std::set<const Var *> own;
  std::set<const Array *> ownArrays;
  walk(*lp.region(0), [&](const Op &x) {
    if (x.kind == OpKind::Decl)
      own.insert(x.var);
    if (x.kind == OpKind::DeclArray)
      ownArrays.insert(x.arr);
  });
  bool writes = false;
  walk(*lp.region(0), [&](const Op &x) {
    if (x.kind == OpKind::WriteVar && isFloating(x.var->type) &&
        !own.count(x.var))
      writes = true;
    if (x.kind == OpKind::Store && isFloating(x.arr->elemType) &&
        !ownArrays.count(x.arr))
      writes = true;
  });
  for (unsigned r = 1; r <= 2; ++r)
    walk(*lp.region(r), [&](const Op &x) {
      if ((x.kind == OpKind::ReadVar && own.count(x.var) &&
           isFloating(x.var->type)) ||
          (x.kind == OpKind::Load && ownArrays.count(x.arr)))
        writes = true;
    });
  return writes;
}

class Rotator {
public:
  explicit Rotator(Function &f) : f(f), b(f), names(f) {}

  void block(Block &blk) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      Op &o = *blk.ops[i];
      for (auto &r : o.regions)
        block(*r);
      if (o.kind == OpKind::Loop && writesState(o))
        rotate(o);
    }
  }

private:
  /// Each `T v = e;` of `blk` (at any depth) becomes `v = e;`, the
  /// variable declared (zero) before `lp`.
  void hoistDecls(Block &blk, Op &lp) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      Op *o = blk.ops[i].get();
      for (auto &r : o->regions)
        hoistDecls(*r, lp);
      if (o->kind != OpKind::Decl)
        continue;
      b.setInsertPoint(Builder::InsertPoint::beforeOp(&lp));
      b.setLoc(o->loc);
      b.decl(o->var, b.constant(0, o->var->type));
      if (!o->operands.empty()) {
        b.setInsertPoint(Builder::InsertPoint::beforeOp(o));
        b.writeVar(o->var, o->operands[0]);
      } else {
        --i;
      }
      blk.erase(o);
    }
  }

  void rotate(Op &lp) {
    Block &cond = *lp.region(0), &body = *lp.region(1), &step = *lp.region(2);
    hoistDecls(cond, lp);
    std::unique_ptr<Op> test = cond.take(cond.ops.back().get());
    Op *c = test->operands[0];
    names.sync(f);
    Var *go = f.newVar(names.fresh("adgen_test"), Type::Bool);
    // The first test, before the loop (a do loop tests after its body).
    b.setInsertPoint(Builder::InsertPoint::beforeOp(&lp));
    b.setLoc(lp.loc);
    if (lp.loopKind == LoopKind::Do) {
      b.decl(go, b.constant(0, Type::Bool));
    } else {
      Remap m;
      for (auto &op : cond.ops) {
        cloneOp(b, *op, m);
        // (a copy with regions leaves the builder at the block's end)
        b.setInsertPoint(Builder::InsertPoint::beforeOp(&lp));
      }
      auto first = m.values.find(c);
      b.decl(go, first != m.values.end() ? first->second : c);
    }
    // The next tests at the end of the body, after the step.
    body.splice(body.ops.size(), step);
    body.splice(body.ops.size(), cond);
    b.setBlock(&body);
    b.setLoc(test->loc);
    b.writeVar(go, c);
    b.setBlock(&cond);
    b.create(OpKind::Condition, Type::Void, {b.readVar(go)});
    if (lp.loopKind == LoopKind::For)
      lp.loopKind = LoopKind::While;
  }

  Function &f;
  Builder b;
  UniqueNames names;
};

} // namespace

void rotateLoopConditions(Function &f) { Rotator(f).block(f.body); }

} // namespace adgen
