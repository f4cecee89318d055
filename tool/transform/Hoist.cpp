#include "transform/Hoist.h"

#include "ir/Builder.h"

#include <functional>
#include <set>

namespace adgen {
namespace {

/// Everything a loop names, and what it declares itself.
struct Names {
  std::set<const Var *> vars, declaredVars;
  std::set<const Array *> arrays, declaredArrays;
};

Names namesIn(const Op &loop) {
  Names n;
  for (auto &r : loop.regions)
    walk(*r, [&](const Op &x) {
      if (x.var)
        n.vars.insert(x.var);
      if (x.arr)
        n.arrays.insert(x.arr);
      if (x.kind == OpKind::Decl)
        n.declaredVars.insert(x.var);
      if (x.kind == OpKind::DeclArray)
        n.declaredArrays.insert(x.arr);
    });
  return n;
}

} // namespace

int hoistForCheckpoints(
    Function &f, const std::optional<checkpoint::Policy> &defaultPolicy) {
  // What checkpointed loops below the top level name but declare outside.
  std::set<const Var *> vars;
  std::set<const Array *> arrays;
  std::function<void(const Block &, bool)> scan = [&](const Block &b,
                                                      bool nested) {
    for (auto &op : b.ops) {
      bool checkpointed =
          op->kind == OpKind::Loop &&
          (op->policy ? op->policy->kind != checkpoint::Kind::All
                      : !nested && defaultPolicy &&
                            defaultPolicy->kind != checkpoint::Kind::All);
      if (checkpointed && nested) {
        Names n = namesIn(*op);
        for (const Var *v : n.vars)
          if (!n.declaredVars.count(v) && v->paramIndex < 0)
            vars.insert(v);
        for (const Array *a : n.arrays)
          if (!n.declaredArrays.count(a) && a->paramIndex < 0)
            arrays.insert(a);
      }
      for (auto &r : op->regions)
        scan(*r, true);
    }
  };
  scan(f.body, false);
  if (vars.empty() && arrays.empty())
    return 0;

  // Declarations in nested blocks become writes (a re-initialisation for
  // arrays); the declarations themselves go to the top of the function.
  Builder b(f);
  int hoisted = 0;
  std::vector<std::unique_ptr<Op>> top;
  std::function<void(Block &, bool)> rewrite = [&](Block &blk, bool nested) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      Op &o = *blk.ops[i];
      for (auto &r : o.regions)
        rewrite(*r, true);
      if (!nested)
        continue;
      if (o.kind == OpKind::Decl && vars.count(o.var)) {
        Block scratch;
        b.setBlock(&scratch);
        b.setLoc(o.loc);
        b.decl(o.var, b.constant(0, o.var->type));
        for (auto &d : scratch.ops)
          top.push_back(std::move(d));
        if (o.operands.empty()) {
          blk.ops.erase(blk.ops.begin() + static_cast<long>(i));
          --i;
        } else {
          o.kind = OpKind::WriteVar;
        }
        ++hoisted;
      } else if (o.kind == OpKind::DeclArray && arrays.count(o.arr)) {
        Array *a = o.arr;
        // Where it was declared it is set to its initialiser again.
        std::unique_ptr<Op> decl = std::move(blk.ops[i]);
        blk.ops.erase(blk.ops.begin() + static_cast<long>(i));
        Block scratch;
        b.setBlock(&scratch);
        b.setLoc(decl->loc);
        int64_t given = static_cast<int64_t>(a->init.size());
        for (int64_t k = 0; k < given && k < a->size; ++k)
          b.store(a, b.constant(static_cast<double>(k), Type::Int),
                  b.constant(a->init[static_cast<size_t>(k)], a->elemType));
        if (given < a->size) {
          // for (int k = given; k < size; ++k) a[k] = 0;
          Var *k = f.newVar(a->name + "_k", Type::Int);
          b.decl(k, b.constant(static_cast<double>(given), Type::Int));
          Op *lp = b.loop(LoopKind::For);
          b.setBlock(lp->region(0));
          b.create(OpKind::Condition, Type::Void,
                   {b.binary(OpKind::Lt, b.readVar(k),
                             b.constant(static_cast<double>(a->size),
                                        Type::Int))});
          b.setBlock(lp->region(1));
          b.store(a, b.readVar(k), b.constant(0, a->elemType));
          b.setBlock(lp->region(2));
          b.writeVar(k, b.binary(OpKind::Add, b.readVar(k),
                                 b.constant(1, Type::Int)));
          b.setBlock(&scratch);
        }
        for (auto &s : scratch.ops)
          s->block = &blk;
        size_t count = scratch.ops.size();
        blk.ops.insert(blk.ops.begin() + static_cast<long>(i),
                       std::make_move_iterator(scratch.ops.begin()),
                       std::make_move_iterator(scratch.ops.end()));
        i += count;
        --i;
        decl->block = &f.body;
        top.push_back(std::move(decl));
        ++hoisted;
      }
    }
  };
  rewrite(f.body, false);
  for (auto &d : top)
    d->block = &f.body;
  f.body.ops.insert(f.body.ops.begin(), std::make_move_iterator(top.begin()),
                    std::make_move_iterator(top.end()));
  return hoisted;
}

} // namespace adgen
