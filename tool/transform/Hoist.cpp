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

/// What checkpointed loops below the top level name but declare outside.
struct Hoisted {
  std::set<const Var *> vars;
  std::set<const Array *> arrays;
  bool empty() const { return vars.empty() && arrays.empty(); }
};

Hoisted toHoist(const Function &f,
                const std::optional<checkpoint::Policy> &defaultPolicy) {
  Hoisted h;
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
            h.vars.insert(v);
        for (const Array *a : n.arrays)
          if (!n.declaredArrays.count(a) && a->paramIndex < 0)
            h.arrays.insert(a);
      }
      for (auto &r : op->regions)
        scan(*r, true);
    }
  };
  scan(f.body, false);
  return h;
}

/// Declarations in nested blocks become writes (a re-initialisation for
/// arrays); the declarations themselves gather in `top`.
class Hoister {
public:
  Hoister(Function &f, const Hoisted &h) : f(f), h(h), b(f) {}

  int run() {
    rewrite(f.body, false);
    f.body.splice(0, top);
    return hoisted;
  }

private:
  void rewrite(Block &blk, bool nested) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      Op &o = *blk.ops[i];
      for (auto &r : o.regions)
        rewrite(*r, true);
      if (!nested)
        continue;
      if (o.kind == OpKind::Decl && h.vars.count(o.var))
        i = hoistVar(blk, i);
      else if (o.kind == OpKind::DeclArray && h.arrays.count(o.arr) &&
               !o.arr->heap) // its count is known here only: refused later
        i = hoistArray(blk, i);
    }
  }

  /// `T v = e;` becomes `v = e;` (`T v;` goes); `T v = 0;` at the top.
  /// Returns the index of the last op now in its place.
  size_t hoistVar(Block &blk, size_t i) {
    Op &o = *blk.ops[i];
    b.setBlock(&top);
    b.setLoc(o.loc);
    b.decl(o.var, b.constant(0, o.var->type));
    ++hoisted;
    if (!o.operands.empty()) {
      o.kind = OpKind::WriteVar;
      return i;
    }
    blk.erase(&o);
    return i - 1;
  }

  /// `T a[n] = {...};` moves to the top; where it was, a is set to its
  /// initialiser again. Returns the index of the last op now in its place.
  size_t hoistArray(Block &blk, size_t i) {
    std::unique_ptr<Op> decl = blk.take(blk.ops[i].get());
    Array *a = decl->arr;
    size_t before = blk.ops.size();
    b.setInsertPoint({&blk, i < blk.ops.size() ? blk.ops[i].get() : nullptr});
    b.setLoc(decl->loc);
    int64_t given = static_cast<int64_t>(a->init.size());
    for (int64_t k = 0; k < given && k < a->size; ++k)
      b.store(a, b.constant(static_cast<double>(k), Type::Int),
              b.constant(a->init[static_cast<size_t>(k)], a->elemType));
    if (given < a->size)
      zeroFrom(a, given);
    top.insert(top.ops.size(), std::move(decl));
    ++hoisted;
    return i + (blk.ops.size() - before) - 1;
  }

  /// for (int k = given; k < size; ++k) a[k] = 0; at the insertion point.
  void zeroFrom(Array *a, int64_t given) {
    Var *k = f.newVar(a->name + "_k", Type::Int);
    b.decl(k, b.constant(static_cast<double>(given), Type::Int));
    Op *lp = b.loop(LoopKind::For);
    Builder::Restore restore(b);
    b.setBlock(lp->region(0));
    b.create(OpKind::Condition, Type::Void,
             {b.binary(OpKind::Lt, b.readVar(k),
                       b.constant(static_cast<double>(a->size), Type::Int))});
    b.setBlock(lp->region(1));
    b.store(a, b.readVar(k), b.constant(0, a->elemType));
    b.setBlock(lp->region(2));
    b.writeVar(k,
               b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
  }

  Function &f;
  const Hoisted &h;
  Builder b;
  Block top; // the hoisted declarations, in order
  int hoisted = 0;
};

} // namespace

int hoistForCheckpoints(
    Function &f, const std::optional<checkpoint::Policy> &defaultPolicy) {
  Hoisted h = toHoist(f, defaultPolicy);
  return h.empty() ? 0 : Hoister(f, h).run();
}

} // namespace adgen
