#include "transform/Inline.h"

#include "analysis/Activity.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"
#include "transform/Structure.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace adgen {

/// f's variable for the mutable global `g` reads (one per global, under its
/// own name).
static Var *globalVar(Function &f, const Var &g) {
  for (auto &v : f.vars)
    if (v->global && v->name == g.name)
      return v.get();
  Var *v = f.newVar(g.name, g.type);
  v->global = true;
  return v;
}
/// Likewise for a global array.
static Array *globalArray(Function &f, const Array &g) {
  for (auto &a : f.arrays)
    if (a->global && a->name == g.name)
      return a.get();
  Array *a = f.newArray(g.name, g.elemType);
  *a = g;
  return a;
}

/// The loads and stores of g's array `a`.
static std::vector<Op *> accessesOf(Function &g, const Array *a) {
  std::vector<Op *> at;
  walk(g.body, [&](const Op &o) {
    if ((o.kind == OpKind::Load || o.kind == OpKind::Store) && o.arr == a)
      at.push_back(const_cast<Op *>(&o));
  });
  return at;
}

namespace {

class Inliner {
public:
  Inliner(Function &f, const KeepCall &keep) : f(f), b(f), names(f), keep(keep) {}

  int run() {
    block(f.body);
    return count;
  }

private:
  bool kept(const Op &call) {
    if (call.callee->external) // no body: its custom derivatives are called
      return true;
    auto known = recursive.find(call.callee);
    if (known == recursive.end())
      known = recursive.emplace(call.callee, callsItself(*call.callee)).first;
    return known->second || (keep && keep(call));
  }

  /// Rebuilds blk with each call replaced by the callee's body; a later
  /// use of a call's value reads the variable holding its result.
  void block(Block &blk) {
    Block old;
    blk.moveTail(0, old);
    for (auto &op : old.ops) {
      for (Op *&x : op->operands)
        if (auto it = results.find(x); it != results.end())
          x = it->second;
      for (auto &r : op->regions)
        block(*r);
      if (op->kind == OpKind::Call && !kept(*op))
        inlineAt(blk, std::move(op));
      else
        blk.insert(blk.ops.size(), std::move(op));
    }
  }

  /// Appends to blk the body of `call`'s callee in its place.
  void inlineAt(Block &blk, std::unique_ptr<Op> call) {

    // The callee with its own calls inlined and one final return.
    auto g = cloneFunction(*call->callee);
    inlineCalls(*g, keep);
    if (hasJumps(*g))
      structureJumps(*g);

    Remap m;
    const std::string prefix = g->name + "_";
    for (auto &v : g->vars)
      if (v->global)
        m.mapVar(v.get(), globalVar(f, *v));
      else if (v->paramIndex < 0)
        m.mapVar(v.get(), f.newVar(names.fresh(prefix + v->name), v->type));
    for (auto &a : g->arrays)
      if (a->global) {
        m.mapArray(a.get(), globalArray(f, *a));
      } else if (a->paramIndex < 0) {
        Array *n = f.newArray(names.fresh(prefix + a->name), a->elemType);
        std::string nm = n->name;
        *n = *a;
        n->name = nm;
        m.mapArray(a.get(), n);
      }
    b.setBlock(&blk);
    b.setLoc(call->loc);
    // Parameters: scalars become initialised locals, arrays the caller's.
    for (size_t k = 0; k < g->params.size(); ++k) {
      int a = call->argOrder[k];
      const Param &p = g->params[k];
      if (p.var) {
        Var *v = f.newVar(names.fresh(prefix + p.var->name), p.var->type);
        m.mapVar(p.var, v);
        b.decl(v, call->operands[a]);
      } else {
        m.mapArray(p.arr, call->arrays[~a]);
        if (Op *off = arrayOffset(*call, static_cast<size_t>(~a))) {
          // `g(x + i)`: g's p[j] is x[p_off + j] (x[k + j] for a constant).
          Var *v = nullptr;
          if (off->kind != OpKind::Const) {
            v = f.newVar(names.fresh(prefix + p.arr->name + "_off"),
                         off->type);
            b.decl(v, off);
          }
          offsetIndices(*g, p.arr, v, off);
        }
        if (Op *row = arrayRow(*call, static_cast<size_t>(~a))) {
          // `g(rows[r])`: g's p[j] is rows[r][j].
          Var *v = f.newVar(names.fresh(prefix + p.arr->name + "_row"),
                            row->type);
          b.decl(v, row);
          rowIndices(*g, p.arr, v);
        }
      }
    }
    knownNonNull(*g, m);
    Op *result = nullptr;
    for (auto &o : g->body.ops) {
      if (o->kind == OpKind::Return) {
        if (!o->operands.empty()) {
          Var *r = f.newVar(names.fresh(prefix + "result"), g->retType);
          b.decl(r, m.values.at(o->operands[0]));
          result = b.readVar(r);
        }
        break;
      }
      cloneOp(b, *o, m);
    }
    if (result)
      results[call.get()] = result;
    inlined.push_back(std::move(call)); // kept: its address is a key
    ++count;
  }

  /// Every element of g's array parameter `a` shifted by the caller's
  /// variable `off`, or else by constant `k` (g's own calls are inlined
  /// already).
  void offsetIndices(Function &g, const Array *a, Var *off, const Op *k) {
    Builder gb(g);
    for (Op *op : accessesOf(g, a)) {
      Op &x = *op;
      gb.setInsertPoint(Builder::InsertPoint::beforeOp(&x));
      gb.setLoc(x.loc);
      Op *idx = x.operands[0];
      if (!off && idx->kind == OpKind::Const) {
        x.operands[0] = gb.constant(idx->num + k->num, idx->type);
        continue;
      }
      Op *base = off ? gb.readVar(off) : gb.constant(k->num, k->type);
      if (idx->kind == OpKind::Const && idx->num == 0) {
        x.operands[0] = base;
        continue;
      }
      if (idx->type != base->type) {
        idx = gb.cast(idx, Type::Long);
        base = gb.cast(base, Type::Long);
      }
      x.operands[0] = gb.create(OpKind::Add, base->type, {base, idx});
    }
    // A call g keeps passes `a` on: its offset grows by the same amount.
    for (Op *c : callsPassing(g, a))
      for (size_t j = 0; j < c->arrays.size(); ++j) {
        if (c->arrays[j] != a)
          continue;
        gb.setInsertPoint(Builder::InsertPoint::beforeOp(c));
        gb.setLoc(c->loc);
        Op *base = off ? gb.readVar(off) : gb.constant(k->num, k->type);
        Op *old = arrayOffset(*c, j);
        if (old && old->type != base->type) {
          old = gb.cast(old, Type::Long);
          base = gb.cast(base, Type::Long);
        }
        Op *sum = old ? gb.create(OpKind::Add, base->type, {base, old}) : base;
        c->arrayOffsets.resize(c->arrays.size(), -1);
        if (c->arrayOffsets[j] < 0) {
          c->arrayOffsets[j] = static_cast<int>(c->operands.size());
          c->operands.push_back(sum);
        } else {
          c->operands[static_cast<size_t>(c->arrayOffsets[j])] = sum;
        }
      }
  }

  /// The calls of g (kept ones: the others are inlined) passing array a.
  static std::vector<Op *> callsPassing(Function &g, const Array *a) {
    std::vector<Op *> at;
    walk(g.body, [&](const Op &o) {
      if (o.kind == OpKind::Call &&
          std::find(o.arrays.begin(), o.arrays.end(), a) != o.arrays.end())
        at.push_back(const_cast<Op *>(&o));
    });
    return at;
  }

  /// g's null tests of array parameters the caller passes its own arrays
  /// for (`maybe(loc, x)` testing `if (out)`): true, and the branches they
  /// decide taken or dropped.
  void knownNonNull(Function &g, const Remap &m) {
    std::vector<Op *> tests;
    walk(g.body, [&](const Op &o) {
      if (o.kind == OpKind::NonNull && m.array(o.arr)->paramIndex < 0 &&
          !m.array(o.arr)->global)
        tests.push_back(const_cast<Op *>(&o));
    });
    for (Op *t : tests) {
      t->kind = OpKind::Const;
      t->num = 1;
      t->arr = nullptr;
    }
    if (!tests.empty())
      foldBranches(g.body);
  }

  /// A constant condition (or its negation): its value.
  static std::optional<bool> constantBool(const Op *c) {
    if (c->kind == OpKind::Const)
      return c->num != 0;
    if (c->kind == OpKind::Not && c->operands[0]->kind == OpKind::Const)
      return c->operands[0]->num == 0;
    return std::nullopt;
  }

  /// Each if on a constant condition replaced by the region it takes.
  static void foldBranches(Block &blk) {
    size_t i = 0;
    while (i < blk.ops.size()) {
      Op *o = blk.ops[i].get();
      for (auto &r : o->regions)
        foldBranches(*r);
      std::optional<bool> c =
          o->kind == OpKind::If ? constantBool(o->operands[0]) : std::nullopt;
      if (!c) {
        ++i;
        continue;
      }
      Block &taken = *o->region(*c ? 0 : 1);
      size_t n = taken.ops.size();
      blk.splice(i + 1, taken);
      blk.erase(o);
      i += n;
    }
  }

  /// Every access of g's array parameter `a` given the row the caller's
  /// variable `row` holds (`a` is a row of a jagged array).
  void rowIndices(Function &g, const Array *a, Var *row) {
    Builder gb(g);
    for (Op *x : accessesOf(g, a)) {
      gb.setInsertPoint(Builder::InsertPoint::beforeOp(x));
      gb.setLoc(x->loc);
      x->operands.push_back(gb.readVar(row));
    }
    // A call g keeps passes the row on.
    for (Op *c : callsPassing(g, a))
      for (size_t j = 0; j < c->arrays.size(); ++j)
        if (c->arrays[j] == a) {
          gb.setInsertPoint(Builder::InsertPoint::beforeOp(c));
          c->arrayRows.resize(c->arrays.size(), -1);
          c->arrayRows[j] = static_cast<int>(c->operands.size());
          c->operands.push_back(gb.readVar(row));
        }
  }

  Function &f;
  Builder b;
  UniqueNames names;
  std::unordered_map<const Op *, Op *> results; // call -> read of its result
  std::vector<std::unique_ptr<Op>> inlined;
  int count = 0;
  const KeepCall &keep;
  std::unordered_map<const Function *, bool> recursive;
};

} // namespace

int inlineCalls(Function &f, const KeepCall &keep) {
  return Inliner(f, keep).run();
}

const Function *uninlinableCallee(const Function &f) {
  const Function *found = nullptr;
  walk(f.body, [&](const Op &o) {
    if (!found && o.kind == OpKind::Call && o.callee)
      found = callsItself(*o.callee) || o.callee->external
                  ? o.callee
                  : uninlinableCallee(*o.callee);
  });
  return found;
}

} // namespace adgen
