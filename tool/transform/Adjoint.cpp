#include "transform/Adjoint.h"

#include "analysis/Stats.h"

#include "analysis/Activity.h"
#include "ir/Clone.h"
#include "transform/DeadCode.h"
#include "transform/Inline.h"
#include "transform/LinearForm.h"
#include "transform/Rules.h"
#include "transform/Structure.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <set>

namespace adgen {
namespace {

/// Where a value lives, as the backward sweep sees it: a scalar variable or
/// an array element (the index is a forward-sweep value).
struct Target {
  const Var *var = nullptr;
  const Array *arr = nullptr;
  Op *idx = nullptr;
  bool operator==(const Target &o) const {
    return var == o.var && arr == o.arr && idx == o.idx;
  }
};

/// One active statement: target = Σ coef · leaf (its linear form).
struct Stmt {
  Target target;
  bool isDecl = false, isReturn = false;
  std::vector<std::pair<Op *, Op *>> terms; // (coef or null, leaf)
  std::vector<Op *> saved; // forward values pushed for the backward sweep
  SourceLoc loc;
};

/// A loop body being forwarded: which of its statements is current, and the
/// local arrays snapshotted once per iteration (see planSnapshots).
struct BodyContext {
  const Block *body = nullptr;
  int current = 0;
  std::map<const Array *, std::pair<int, Array *>> snaps; // (last write, copy)
};

/// What the backward sweep reverses, mirroring the forward structure.
struct Item {
  enum Kind { Statement, If, Loop, ZeroArray } kind;
  Stmt stmt;
  Op *cond = nullptr;         // If: the branch taken (top level)
  std::vector<Item> a, b;     // If: then/else; Loop: body/step
  Op *count = nullptr;        // Loop: the trip count (top level)
  const Array *arr = nullptr; // ZeroArray: a local array declared again
  SourceLoc loc;
  const Var *counter = nullptr; // Loop: `for (c = init; ...; ++c)`'s c
  Op *init = nullptr;           // Loop: its first value (recomputable)
  Op *bound = nullptr;          // Loop: `c < bound`, when recomputable
  std::vector<std::pair<Array *, Array *>> snaps; // Loop: (array, its copy)
};

class AdjointBuilder {
public:
  AdjointBuilder(const Function &g, Function &F, const std::vector<bool> &mask)
      : g(g), F(F), b(F) {
    std::set<const Var *> sv;
    std::set<const Array *> sa;
    for (size_t i = 0; i < g.params.size(); ++i)
      if (mask[i]) {
        if (g.params[i].var)
          sv.insert(g.params[i].var);
        else
          sa.insert(g.params[i].arr);
      }
    act = analyzeVaried(g, sv, sa);
    walk(g.body, [&](const Op &o) {
      for (const Op *x : o.operands)
        remaining[x]++;
    });
    // The last top-level statement writing each variable and array.
    for (size_t t = 0; t < g.body.ops.size(); ++t) {
      auto note = [&](const Op &x) {
        if (x.kind == OpKind::WriteVar || x.kind == OpKind::Decl)
          lastWriteTop[x.var] = static_cast<int>(t);
        if (x.kind == OpKind::Store || x.kind == OpKind::DeclArray)
          lastWriteTop[x.arr] = static_cast<int>(t);
      };
      note(*g.body.ops[t]);
      for (auto &r : g.body.ops[t]->regions)
        walk(*r, note);
    }
    for (auto &v : g.vars)
      names.insert(v->name);
    for (auto &a : g.arrays)
      names.insert(a->name);
  }

  bool build(const std::vector<bool> &mask, std::string &error) {
    declare(mask);
    std::vector<Item> items = forward(g.body, false);
    if (!err.empty()) {
      error = err;
      return false;
    }
    b.setBlock(&F.body);
    backward(items, false);
    // Scalar parameters that the function overwrites accumulated into a
    // local; hand the total to the caller.
    for (auto &[param, out] : accumulateInto) {
      Op *sum = b.add(b.load(out, zero()), b.readVar(param));
      b.store(out, zero(), sum);
    }
    b.create(OpKind::Return, Type::Void,
             retValue ? std::vector<Op *>{retValue} : std::vector<Op *>{});
    return true;
  }

private:
  // ---- set-up -------------------------------------------------------------

  std::string unique(const std::string &base) {
    std::string n = base;
    for (int i = 1; names.count(n); ++i)
      n = base + "_" + std::to_string(i);
    names.insert(n);
    return n;
  }

  Op *zero() { return b.constant(0, Type::Int); }

  /// Builds ops with `emit` and puts them at the very top of the function
  /// (declarations the sweeps discover they need).
  void atTop(const std::function<void()> &emit) {
    Block scratch;
    Block *saved = b.block();
    b.setBlock(&scratch);
    emit();
    b.setBlock(saved);
    for (auto &op : scratch.ops)
      op->block = &F.body;
    F.body.ops.insert(F.body.ops.begin(),
                      std::make_move_iterator(scratch.ops.begin()),
                      std::make_move_iterator(scratch.ops.end()));
  }

  static bool writes(const Function &fn, const Var *v) {
    bool w = false;
    walk(fn.body, [&](const Op &o) {
      w = w || (o.kind == OpKind::WriteVar && o.var == v);
    });
    return w;
  }

  void declare(const std::vector<bool> &mask) {
    // The primal's variables, arrays and parameters, under their names.
    for (auto &v : g.vars) {
      Var *n = F.newVar(v->name, v->type);
      *n = *v;
      m.vars[v.get()] = n;
    }
    for (auto &a : g.arrays) {
      Array *n = F.newArray(a->name, a->elemType);
      *n = *a;
      m.arrays[a.get()] = n;
    }
    for (const Param &p : g.params)
      F.params.push_back(Param{p.var ? m.vars.at(p.var) : nullptr,
                               p.arr ? m.arrays.at(p.arr) : nullptr});
    // Adjoint parameters follow, in the primal's order.
    for (size_t i = 0; i < g.params.size(); ++i) {
      if (!mask[i])
        continue;
      const Param &p = g.params[i];
      Array *bar = F.newArray(unique(p.name() + "_bar"),
                              p.var ? p.var->type : p.arr->elemType);
      bar->paramIndex = static_cast<int>(F.params.size());
      if (p.var) {
        bar->scalarOut = true;
        bar->size = 1;
        if (writes(g, p.var)) {
          // Overwritten inside: its adjoint is reset on the way back, so it
          // lives in a local until the end.
          Var *local = F.newVar(unique(p.name() + "_bar_local"), p.var->type);
          varAdj[p.var] = local;
          accumulateInto.push_back({local, bar});
        } else {
          directAdj[p.var] = bar;
        }
      } else {
        arrAdj[p.arr] = bar;
      }
      F.params.push_back(Param{nullptr, bar});
    }
    if (isFloating(g.retType)) {
      seed = F.newVar(unique(g.name + "_bar"), g.retType);
      seed->paramIndex = static_cast<int>(F.params.size());
      seed->defaultArg = g.retType == Type::Float ? "1.0f" : "1.0";
      F.params.push_back(Param{seed, nullptr});
    }
    // Local adjoints, zero, at the top.
    b.setBlock(&F.body);
    for (auto &v : g.vars)
      if (act.active(v.get()) && !varAdj.count(v.get()) &&
          !directAdj.count(v.get()))
        varAdj[v.get()] = F.newVar(unique(v->name + "_bar"), v->type);
    for (auto &[v, bar] : varAdj)
      b.decl(bar, b.constant(0, bar->type));
    for (auto &a : g.arrays) {
      if (!act.active(a.get()) || arrAdj.count(a.get()))
        continue;
      std::string nm = unique(a->name + "_bar");
      Array *bar = F.newArray(nm, a->elemType);
      *bar = *a;
      bar->name = nm;
      bar->init.clear();
      bar->paramIndex = -1;
      arrAdj[a.get()] = bar;
      Op *d = b.create(OpKind::DeclArray, Type::Void);
      d->arr = bar;
    }
  }

  Array *tape(Type t) {
    auto it = tapes.find(t);
    if (it != tapes.end())
      return it->second;
    Array *tp = F.newArray(unique(std::string("tape_") + typeName(t)), t);
    tp->isTape = true;
    atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = tp; });
    return tapes[t] = tp;
  }

  // ---- forward sweep --------------------------------------------------------

  Op *fv(const Op *o) { return m.values.at(o); }

  /// Clones `in` into the current block, recording what to reverse.
  std::vector<Item> forward(const Block &in, bool inRegion) {
    std::vector<Item> items;
    for (size_t t = 0; t < in.ops.size() && err.empty(); ++t) {
      if (&in == &g.body)
        currentTop = static_cast<int>(t);
      if (!bodies.empty() && bodies.back().body == &in)
        bodies.back().current = static_cast<int>(t);
      forwardOp(*in.ops[t], inRegion, items);
    }
    return items;
  }

  std::vector<Item> forwardInto(const Block &in, Block *out) {
    Block *saved = b.block();
    b.setBlock(out);
    auto items = forward(in, true);
    b.setBlock(saved);
    return items;
  }

  void forwardOp(const Op &o, bool inRegion, std::vector<Item> &items) {
    b.setLoc(o.loc);
    for (const Op *x : o.operands)
      if (--remaining[x] == 0)
        open.erase(std::remove(open.begin(), open.end(), x), open.end());
    forwardOpBody(o, inRegion, items);
    if (lin.count(&o) && remaining[&o] > 0)
      open.push_back(&o);
  }

  /// Before a statement overwrites `t`, a value still waiting for its own
  /// statement that read `t` is saved in a temporary (itself a statement),
  /// so the backward sweep credits the old value, not the new one.
  void protectOpenForms(const Target &t, bool inRegion,
                        std::vector<Item> &items) {
    std::vector<const Op *> hit;
    for (const Op *p : open) {
      for (auto &[coef, leaf] : lin.at(p).terms) {
        const Target &lt = leafTarget.at(leaf);
        if ((t.var && lt.var == t.var) || (t.arr && lt.arr == t.arr)) {
          hit.push_back(p);
          break;
        }
      }
    }
    for (const Op *p : hit) {
      Var *tmp = F.newVar(unique("saved"), p->type);
      b.decl(tmp, fv(p));
      Stmt s;
      s.target.var = tmp;
      s.isDecl = true;
      s.terms = lin.at(p).terms;
      record(std::move(s), p->loc, inRegion, items);
      Var *bar = F.newVar(unique(tmp->name + "_bar"), tmp->type);
      varAdj[tmp] = bar;
      atTop([&] { b.decl(bar, b.constant(0, bar->type)); });
      Op *leaf = b.readVar(tmp);
      leafTarget[leaf] = Target{tmp, nullptr, nullptr};
      lin[p] = LinearForm::leaf(leaf);
    }
  }

  void forwardOpBody(const Op &o, bool inRegion, std::vector<Item> &items) {
    switch (o.kind) {
    case OpKind::If: {
      Op *c = fv(o.operands[0]);
      Op *n = b.ifOp(c);
      Item it{Item::If, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
      it.a = forwardInto(*o.region(0), n->region(0));
      it.b = forwardInto(*o.region(1), n->region(1));
      if (it.a.empty() && it.b.empty())
        return;
      if (inRegion)
        b.push(tape(Type::Bool), c); // after the branch's own pushes
      else
        it.cond = c;
      items.push_back(std::move(it));
      return;
    }
    case OpKind::Loop:
      return forwardLoop(o, inRegion, items);
    case OpKind::Decl:
    case OpKind::WriteVar: {
      if (act.active(o.var))
        protectOpenForms(Target{o.var, nullptr, nullptr}, inRegion, items);
      cloneOp(b, o, m);
      leafCache.erase(o.var);
      if (!act.active(o.var))
        return;
      Stmt s;
      s.target.var = o.var;
      s.isDecl = o.kind == OpKind::Decl;
      if (!o.operands.empty())
        s.terms = termsOf(o.operands[0]);
      record(std::move(s), o.loc, inRegion, items);
      return;
    }
    case OpKind::Store: {
      if (act.active(o.arr))
        protectOpenForms(Target{nullptr, o.arr, nullptr}, inRegion, items);
      Op *n = cloneOp(b, o, m);
      if (!act.active(o.arr))
        return;
      Stmt s;
      s.target.arr = o.arr;
      s.target.idx = n->operands[0];
      s.terms = termsOf(o.operands[1]);
      record(std::move(s), o.loc, inRegion, items);
      return;
    }
    case OpKind::DeclArray:
      cloneOp(b, o, m);
      if (inRegion && act.active(o.arr))
        items.push_back(Item{Item::ZeroArray, {}, nullptr, {}, {}, nullptr,
                             o.arr, o.loc});
      return;
    case OpKind::Return: {
      if (inRegion || &o != g.body.ops.back().get()) {
        fail(o, "a return inside a region survived jump structuring");
        return;
      }
      if (o.operands.empty())
        return;
      retValue = fv(o.operands[0]);
      if (!seed || !lin.count(o.operands[0]))
        return;
      Stmt s;
      s.isReturn = true;
      s.terms = termsOf(o.operands[0]);
      record(std::move(s), o.loc, inRegion, items);
      return;
    }
    case OpKind::ReadVar: {
      Op *n = cloneOp(b, o, m);
      if (!act.active(&o))
        return;
      // Reads of one variable within a statement share one leaf.
      Op *&leaf = leafCache[o.var];
      if (!leaf || leaf->block != b.block()) {
        leaf = n;
        leafTarget[n] = Target{o.var, nullptr, nullptr};
      }
      lin[&o] = LinearForm::leaf(leaf);
      return;
    }
    case OpKind::Load: {
      Op *n = cloneOp(b, o, m);
      if (!act.active(&o))
        return;
      leafTarget[n] = Target{nullptr, o.arr, n->operands[0]};
      lin[&o] = LinearForm::leaf(n);
      return;
    }
    case OpKind::Select: {
      Op *n = cloneOp(b, o, m);
      if (!act.active(&o))
        return;
      LinearForm form;
      for (unsigned k = 1; k <= 2; ++k) {
        auto it = lin.find(o.operands[k]);
        if (it == lin.end())
          continue;
        // The arm not taken contributes nothing: its coefficients are
        // selected by the same condition.
        Op *one = b.constant(1, o.type), *none = b.constant(0, o.type);
        Op *pick = k == 1 ? b.select(n->operands[0], one, none)
                          : b.select(n->operands[0], none, one);
        form.addScaled(b, it->second, pick);
      }
      if (!form.empty())
        lin[&o] = std::move(form);
      return;
    }
    case OpKind::Call:
    case OpKind::Break:
    case OpKind::Continue:
      fail(o, "internal: calls and jumps must be gone before the adjoint");
      return;
    default: {
      Op *n = cloneOp(b, o, m);
      if (!act.active(&o) || !hasRule(o))
        return;
      LinearForm form;
      for (unsigned i = 0; i < o.operands.size(); ++i) {
        auto it = lin.find(o.operands[i]);
        if (it == lin.end())
          continue;
        if (Op *p = partial(b, *n, i))
          form.addScaled(b, it->second, p);
      }
      if (!form.empty())
        lin[&o] = std::move(form);
    }
    }
  }

  std::vector<std::pair<Op *, Op *>> termsOf(const Op *v) {
    auto it = lin.find(v);
    return it == lin.end() ? std::vector<std::pair<Op *, Op *>>{}
                           : it->second.terms;
  }

  /// Keeps a statement for the backward sweep; inside a region, the values
  /// it will need go on the tape now.
  void record(Stmt s, SourceLoc loc, bool inRegion,
              std::vector<Item> &items) {
    s.loc = loc;
    if (inRegion) {
      // To-be-recorded: what the backward sweep cannot recompute from
      // loop counters, never-written inputs and constants goes on the tape:
      // either the needed values themselves, or, when fewer, what they are
      // made of by cheap arithmetic (h·t and w·t share t: tape h and t).
      std::vector<Op *> whole, parts;
      auto add = [](std::vector<Op *> &set, Op *v) {
        if (std::find(set.begin(), set.end(), v) == set.end())
          set.push_back(v);
      };
      std::function<void(Op *)> decompose = [&](Op *v) {
        if (recomputable(v))
          return;
        if (isPure(*v) && v->kind != OpKind::ReadVar &&
            v->kind != OpKind::Load && v->kind != OpKind::Math) {
          for (Op *x : v->operands)
            decompose(x);
          return;
        }
        add(parts, v);
      };
      auto need = [&](Op *v) {
        if (v && !recomputable(v)) {
          add(whole, v);
          decompose(v);
        }
      };
      need(s.target.idx);
      for (auto &[coef, leaf] : s.terms) {
        need(coef);
        need(leafTarget.at(leaf).idx);
      }
      s.saved = parts.size() < whole.size() ? parts : whole;
      for (Op *v : s.saved)
        b.push(tape(v->type), v);
    }
    items.push_back(Item{Item::Statement, std::move(s), nullptr, {}, {},
                         nullptr, nullptr, loc});
  }

  void forwardLoop(const Op &o, bool inRegion, std::vector<Item> &items) {
    bool reversible = false;
    for (auto &r : o.regions)
      walk(*r, [&](const Op &x) {
        reversible = reversible ||
                     ((x.kind == OpKind::Decl || x.kind == OpKind::WriteVar) &&
                      act.active(x.var)) ||
                     (x.kind == OpKind::Store && act.active(x.arr));
      });
    Op *n = b.loop(o.loopKind);
    n->policy = o.policy;
    Item it{Item::Loop, {}, nullptr, {}, {}, nullptr, nullptr, o.loc};
    if (!forwardInto(*o.region(0), n->region(0)).empty()) {
      fail(o, "reverse mode: a loop condition that writes active values is "
              "not supported; compute the value before the loop or in its "
              "body");
      return;
    }
    Var *counter = nullptr;
    if (reversible) {
      countedLoop(o, it);
      // A trip count the backward sweep can compute needs no counting.
      if (!it.bound) {
        counter = F.newVar(unique("trips"), Type::Int);
        b.decl(counter, b.constant(0, Type::Int));
        moveToEnd(n); // the counter is declared before the loop
        Block *saved = b.block();
        b.setBlock(n->region(1));
        b.writeVar(counter, b.binary(OpKind::Add, b.readVar(counter),
                                     b.constant(1, Type::Int)));
        b.setBlock(saved);
      }
    }
    if (it.counter)
      fwdCounters.push_back(it.counter);
    BodyContext ctx;
    ctx.body = o.region(1);
    if (reversible)
      planSnapshots(o, ctx);
    bodies.push_back(ctx);
    it.a = forwardInto(*o.region(1), n->region(1));
    bodies.pop_back();
    if (!ctx.snaps.empty()) {
      Block *saved = b.block();
      b.setBlock(n->region(1));
      for (auto &[ga, ws] : ctx.snaps) {
        Array *fa = m.arrays.at(ga);
        Op *size = b.constant(static_cast<double>(fa->size), Type::Int);
        forLoop(size,
                [&](Op *q) { b.push(tape(fa->elemType), b.load(fa, q)); },
                "save " + fa->name + " of this iteration for the backward "
                "sweep");
        it.snaps.push_back({fa, ws.second});
      }
      b.setBlock(saved);
    }
    it.b = forwardInto(*o.region(2), n->region(2));
    if (it.counter)
      fwdCounters.pop_back();
    if (!reversible)
      return;
    if (!inRegion && it.bound)
      reserveFor(n, it);
    if (counter) {
      if (inRegion)
        b.push(tape(Type::Int), b.readVar(counter));
      else
        it.count = b.readVar(counter);
    }
    items.push_back(std::move(it));
  }

  /// Values a forward block pushes per type, nested counted loops with
  /// constant bounds included; false when a nested count is not static.
  static bool pushesPer(const Block &blk, int64_t mult,
                        std::map<Type, int64_t> &out) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      const Op &o = *blk.ops[i];
      if (o.kind == OpKind::Push)
        out[o.operands[0]->type] += mult;
      if (o.kind == OpKind::Loop) {
        int64_t n = staticTripCount(blk, i);
        if (n < 0)
          return false;
        for (auto &r : o.regions)
          if (!pushesPer(*r, mult * n, out))
            return false;
      } else {
        for (auto &r : o.regions) // both branches: an upper bound
          if (!pushesPer(*r, mult, out))
            return false;
      }
    }
    return true;
  }

  /// A top-level loop with a computable trip count reserves its tape up
  /// front: `tape.reserveMore(trips * per-iteration)` before the loop.
  void reserveFor(Op *loop, const Item &it) {
    std::map<Type, int64_t> per;
    if (!pushesPer(*loop->region(1), 1, per) || per.empty())
      return;
    auto &ops = b.block()->ops;
    size_t at = ops.size();
    while (at > 0 && ops[at - 1].get() != loop)
      --at;
    if (at == 0)
      return;
    // Build at the end, then move before the loop.
    size_t before = ops.size();
    Op *init = recompute(it.init);
    Op *trips = b.cast(b.sub(recompute(it.bound), init), Type::Long);
    Op *zero = b.constant(0, Type::Long);
    trips = b.select(b.binary(OpKind::Gt, trips, zero), trips, zero);
    for (auto &[t, n] : per)
      b.create(OpKind::Reserve, Type::Void,
               {b.binary(OpKind::Mul, trips,
                         b.constant(static_cast<double>(n), Type::Long))})
          ->arr = tape(t);
    std::vector<std::unique_ptr<Op>> made;
    for (size_t i = before; i < ops.size(); ++i)
      made.push_back(std::move(ops[i]));
    ops.resize(before);
    ops.insert(ops.begin() + static_cast<long>(at - 1),
               std::make_move_iterator(made.begin()),
               std::make_move_iterator(made.end()));
  }

  /// for (int k = 0; k < count; ++k) { body(k) } at the insertion point.
  Op *forLoop(Op *count, const std::function<void(Op *)> &body,
              const std::string &comment = "") {
    Var *k = F.newVar(unique("k"), Type::Int);
    b.decl(k, b.constant(0, Type::Int));
    Op *lp = b.loop(LoopKind::For);
    lp->comment = comment;
    Block *saved = b.block();
    b.setBlock(lp->region(0));
    b.create(OpKind::Condition, Type::Void,
             {b.binary(OpKind::Lt, b.readVar(k), count)});
    b.setBlock(lp->region(1));
    body(b.readVar(k));
    b.setBlock(lp->region(2));
    b.writeVar(k, b.binary(OpKind::Add, b.readVar(k), b.constant(1, Type::Int)));
    b.setBlock(saved);
    return lp;
  }

  /// Local arrays of a loop body that are written early in the body and
  /// then read in a nested loop: one copy per iteration on the tape (pushed
  /// at the end of the iteration, restored into `<a>_saved` at the start of
  /// its reversal) replaces a push per read.
  void planSnapshots(const Op &o, BodyContext &ctx) {
    const Block &body = *o.region(1);
    std::map<const Array *, int> lastWrite;
    for (size_t t = 0; t < body.ops.size(); ++t) {
      auto note = [&](const Op &x) {
        if (x.kind == OpKind::Store || x.kind == OpKind::DeclArray)
          lastWrite[x.arr] = static_cast<int>(t);
      };
      note(*body.ops[t]);
      for (auto &r : body.ops[t]->regions)
        walk(*r, note);
    }
    for (auto &op : body.ops) {
      if (op->kind != OpKind::DeclArray || op->arr->size <= 0)
        continue;
      const Array *a = op->arr;
      int w = lastWrite[a];
      bool readInLoopAfter = false;
      for (size_t t = static_cast<size_t>(w) + 1; t < body.ops.size(); ++t)
        if (body.ops[t]->kind == OpKind::Loop)
          walk(*body.ops[t]->region(1), [&](const Op &x) {
            readInLoopAfter =
                readInLoopAfter || (x.kind == OpKind::Load && x.arr == a);
          });
      if (!readInLoopAfter)
        continue;
      Array *snap = F.newArray(unique(a->name + "_saved"), a->elemType);
      snap->size = a->size;
      snap->dims = {a->size};
      atTop([&] { b.create(OpKind::DeclArray, Type::Void)->arr = snap; });
      ctx.snaps[a] = {w, snap};
    }
  }

  void moveToEnd(Op *op) {
    auto &ops = b.block()->ops;
    for (size_t i = 0; i < ops.size(); ++i)
      if (ops[i].get() == op) {
        auto keep = std::move(ops[i]);
        ops.erase(ops.begin() + static_cast<long>(i));
        ops.push_back(std::move(keep));
        return;
      }
  }

  /// `T c = init; for (...; c = c + 1)` with c written nowhere else and
  /// init recomputable: the backward sweep then knows c in iteration j as
  /// init + j, and values computed from c need no tape.
  void countedLoop(const Op &o, Item &it) {
    const Block &blk = *o.block;
    size_t i = 0;
    while (blk.ops[i].get() != &o)
      ++i;
    if (i == 0)
      return;
    const Op &d = *blk.ops[i - 1];
    if (d.kind != OpKind::Decl || d.operands.empty() || !isInteger(d.var->type))
      return;
    const Var *c = d.var;
    int writes = 0;
    const Op *w = nullptr;
    for (auto &r : o.regions)
      walk(*r, [&](const Op &x) {
        if (x.kind == OpKind::WriteVar && x.var == c) {
          ++writes;
          w = &x;
        }
      });
    if (writes != 1 || w->block != o.region(2))
      return;
    const Op *inc = w->operands[0];
    if (inc->kind != OpKind::Add || inc->operands[0]->kind != OpKind::ReadVar ||
        inc->operands[0]->var != c || !Builder::isConst(inc->operands[1], 1))
      return;
    Op *init = fv(d.operands[0]);
    if (init->kind != OpKind::Const && init->block != &F.body)
      return;
    it.counter = c;
    it.init = init;
    // `c < bound` with a bound the backward sweep can compute: the trip
    // count is max(0, bound − init) and needs no tape.
    const Op &cond = *o.region(0)->ops.back();
    const Op *lt = cond.operands[0];
    if (lt->kind == OpKind::Lt && lt->operands[0]->kind == OpKind::ReadVar &&
        lt->operands[0]->var == c) {
      Op *bound = fv(lt->operands[1]);
      if (recomputable(bound))
        it.bound = bound;
    }
  }

  /// Whether the backward sweep can compute forward value v again instead
  /// of taping it: constants, top-level values, loop counters, variables
  /// written once before any loop, loads of never-written input arrays, and
  /// cheap arithmetic of those. Transcendentals are taped (a pop is cheaper).
  bool recomputable(const Op *v) {
    auto memo = recomputeMemo.find(v);
    if (memo != recomputeMemo.end())
      return memo->second;
    bool r = false;
    if (v->kind == OpKind::Const || v->block == &F.body) {
      r = true;
    } else if (v->kind == OpKind::ReadVar) {
      const Var *gv = primalVar(v->var);
      r = gv && (std::find(fwdCounters.begin(), fwdCounters.end(), gv) !=
                     fwdCounters.end() ||
                 settled(gv));
    } else if (v->kind == OpKind::Load) {
      const Array *ga = primalArray(v->arr);
      Array *copy = ga && !settled(ga) ? snapshotOf(ga) : nullptr;
      r = ga && (settled(ga) || copy) && recomputable(v->operands[0]);
      if (r && copy)
        snapshotCopy[v] = copy;
    } else if (isPure(*v) && v->kind != OpKind::Math) {
      r = true;
      for (const Op *x : v->operands)
        r = r && recomputable(x);
    }
    return recomputeMemo[v] = r;
  }

  const Var *primalVar(const Var *fvar) {
    for (auto &[gv, nv] : m.vars)
      if (nv == fvar)
        return gv;
    return nullptr;
  }
  const Array *primalArray(const Array *fa) {
    for (auto &[ga, na] : m.arrays)
      if (na == fa)
        return ga;
    return nullptr;
  }

  /// The per-iteration copy of array ga, when the current statement comes
  /// after ga's last write in its loop body.
  Array *snapshotOf(const Array *ga) const {
    for (auto it = bodies.rbegin(); it != bodies.rend(); ++it) {
      auto s = it->snaps.find(ga);
      if (s != it->snaps.end())
        return it->current > s->second.first ? s->second.second : nullptr;
    }
    return nullptr;
  }

  /// Written only by top-level statements before the current one: its
  /// value is final here, and the backward sweep (which runs after the whole
  /// forward sweep and writes no primal storage) still reads it.
  bool settled(const void *varOrArray) const {
    auto it = lastWriteTop.find(varOrArray);
    return it == lastWriteTop.end() || it->second < currentTop;
  }

  /// Forward value v in the backward sweep, computed again (see
  /// recomputable()).
  Op *recompute(const Op *v) {
    if (v->kind == OpKind::Const)
      return b.constant(v->num, v->type);
    if (v->block == &F.body)
      return const_cast<Op *>(v);
    if (v->kind == OpKind::ReadVar) {
      const Var *gv = primalVar(v->var);
      for (auto it = bwdCounters.rbegin(); it != bwdCounters.rend(); ++it)
        if (it->first == gv)
          return b.cast(it->second, v->type);
      return b.readVar(v->var);
    }
    std::vector<Op *> ops;
    for (const Op *x : v->operands)
      ops.push_back(recompute(x));
    if (v->kind == OpKind::Load) {
      auto snap = snapshotCopy.find(v);
      return b.load(snap != snapshotCopy.end() ? snap->second : v->arr, ops[0]);
    }
    Op *n = b.create(v->kind, v->type, ops);
    n->fn = v->fn;
    return n;
  }

  void fail(const Op &o, const std::string &msg) {
    if (err.empty())
      err = g.sourceFile + ":" + std::to_string(o.loc.line) + ":" +
            std::to_string(o.loc.col) + ": error: " + msg;
    // The hint follows the message after "; ", as the frontend's notes do.
    size_t semi = err.find("; ");
    if (semi != std::string::npos)
      err = err.substr(0, semi) + "\n" + g.sourceFile + ":" +
            std::to_string(o.loc.line) + ":" + std::to_string(o.loc.col) +
            ": note: hint: " + err.substr(semi + 2);
  }

  // ---- backward sweep -------------------------------------------------------

  /// Reads, writes and accumulates the adjoint of a target.
  Op *adjRead(const Target &t, Op *idx) {
    if (t.var) {
      auto d = directAdj.find(t.var);
      if (d != directAdj.end())
        return b.load(d->second, zero());
      return b.readVar(varAdj.at(t.var));
    }
    return b.load(arrAdj.at(t.arr), idx);
  }

  void adjWrite(const Target &t, Op *idx, Op *v) {
    if (t.var) {
      auto d = directAdj.find(t.var);
      if (d != directAdj.end())
        b.store(d->second, zero(), b.cast(v, d->second->elemType));
      else
        b.writeVar(varAdj.at(t.var), b.cast(v, t.var->type));
      return;
    }
    b.store(arrAdj.at(t.arr), idx, b.cast(v, t.arr->elemType));
  }

  void adjAdd(const Target &t, Op *idx, Op *v) {
    if (!v)
      return;
    Type ty = t.var ? t.var->type : t.arr->elemType;
    adjWrite(t, idx, b.add(adjRead(t, idx), b.cast(v, ty)));
  }

  void backward(const std::vector<Item> &items, bool inRegion) {
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
      b.setLoc(it->loc);
      switch (it->kind) {
      case Item::Statement:
        backwardStmt(it->stmt, inRegion);
        break;
      case Item::If: {
        Op *c = inRegion ? b.pop(tape(Type::Bool)) : it->cond;
        Op *n = b.ifOp(c);
        Block *saved = b.block();
        b.setBlock(n->region(0));
        backward(it->a, true);
        b.setBlock(n->region(1));
        backward(it->b, true);
        b.setBlock(saved);
        break;
      }
      case Item::Loop: {
        Op *count = nullptr;
        if (it->bound) {
          Op *init = recompute(it->init);
          Op *diff = b.cast(b.sub(recompute(it->bound), init), Type::Int);
          count = b.select(b.binary(OpKind::Gt, diff, b.constant(0, Type::Int)),
                           diff, b.constant(0, Type::Int));
        } else {
          count = inRegion ? b.pop(tape(Type::Int)) : it->count;
        }
        // for (int k = 0; k < count; ++k) { step̄; bodȳ }
        Var *k = F.newVar(unique("k"), Type::Int);
        b.decl(k, b.constant(0, Type::Int));
        Op *lp = b.loop(LoopKind::For);
        lp->comment = "backward sweep of the loop at line " +
                      std::to_string(it->loc.line) + ", last iteration first";
        Block *saved = b.block();
        b.setBlock(lp->region(0));
        b.create(OpKind::Condition, Type::Void,
                 {b.binary(OpKind::Lt, b.readVar(k), count)});
        b.setBlock(lp->region(1));
        if (it->counter) {
          // The forward counter in this iteration: init + (count − 1 − k).
          Op *back = b.sub(b.sub(count, b.constant(1, Type::Int)),
                           b.readVar(k));
          Op *init = recompute(it->init);
          Op *c = b.add(init, b.cast(back, init->type));
          bwdCounters.push_back({it->counter, c});
        }
        backward(it->b, true); // the step ran after the body
        // This iteration's copies of snapshotted arrays, last pushed first.
        for (auto s = it->snaps.rbegin(); s != it->snaps.rend(); ++s) {
          Array *copy = s->second;
          Op *size = b.constant(static_cast<double>(copy->size), Type::Int);
          forLoop(
              size,
              [&](Op *q) {
                Op *idx = b.sub(
                    b.constant(static_cast<double>(copy->size - 1), Type::Int),
                    q);
                b.store(copy, idx, b.pop(tape(copy->elemType)));
              },
              "backward sweep: " + copy->name + " as in this iteration");
        }
        backward(it->a, true);
        if (it->counter)
          bwdCounters.pop_back();
        b.setBlock(lp->region(2));
        b.writeVar(k, b.binary(OpKind::Add, b.readVar(k),
                               b.constant(1, Type::Int)));
        b.setBlock(saved);
        break;
      }
      case Item::ZeroArray: {
        // A local array declared again: its adjoint starts at zero for the
        // earlier iteration.
        Array *bar = arrAdj.at(it->arr);
        forLoop(b.constant(static_cast<double>(bar->size), Type::Int),
                [&](Op *q) { b.store(bar, q, b.constant(0, bar->elemType)); },
                "backward sweep: " + bar->name + " starts at zero");
        break;
      }
      }
    }
  }

  void backwardStmt(const Stmt &s, bool inRegion) {
    // The forward values this statement needs, as the backward sweep has
    // them: popped inside regions (in reverse push order), else the SSA
    // values themselves.
    std::unordered_map<const Op *, Op *> have;
    if (inRegion)
      for (auto it = s.saved.rbegin(); it != s.saved.rend(); ++it)
        have[*it] = b.pop(tape((*it)->type));
    // Values not popped are computed again: from the popped parts, or
    // wholly from what the backward sweep knows.
    std::unordered_map<const Op *, Op *> again;
    std::function<Op *(Op *)> val = [&](Op *v) -> Op * {
      if (!v)
        return nullptr;
      auto h = have.find(v);
      if (h != have.end())
        return h->second;
      auto a = again.find(v);
      if (a != again.end())
        return a->second;
      if (!inRegion || recomputable(v))
        return again[v] = inRegion ? recompute(v) : v;
      std::vector<Op *> ops;
      for (Op *x : v->operands)
        ops.push_back(val(x));
      Op *n = b.create(v->kind, v->type, ops);
      n->fn = v->fn;
      return again[v] = n;
    };
    Type ty = s.isReturn ? g.retType
                         : (s.target.var ? s.target.var->type
                                         : s.target.arr->elemType);
    Op *idx = val(s.target.idx);
    Op *t = s.isReturn ? b.readVar(seed) : adjRead(s.target, idx);
    // Terms on the target itself (x = x·c + ...) update its adjoint in
    // place; otherwise the overwrite resets it.
    Op *self = nullptr;
    bool hasSelf = false;
    for (auto &[coef, leaf] : s.terms)
      if (!s.isReturn && leafTarget.at(leaf) == s.target) {
        Op *c = coef ? b.cast(val(coef), ty) : b.constant(1, ty);
        self = self ? b.add(self, c) : c;
        hasSelf = true;
      }
    if (!s.isReturn) {
      if (hasSelf) {
        if (!Builder::isConst(self, 1)) {
          Op *scaled = b.mul(self, t);
          adjWrite(s.target, idx, scaled ? scaled : b.constant(0, ty));
        }
      } else if (!(s.isDecl && !inRegion)) {
        adjWrite(s.target, idx, b.constant(0, ty));
      }
    }
    for (auto &[coef, leaf] : s.terms) {
      const Target &lt = leafTarget.at(leaf);
      if (!s.isReturn && lt == s.target)
        continue;
      Op *c = coef ? b.cast(val(coef), ty) : nullptr;
      Op *contrib = c ? b.mul(c, t) : t;
      if (contrib)
        contrib->tangentProduct = contrib != t;
      adjAdd(lt, val(lt.idx), contrib);
    }
  }

  const Function &g;
  Function &F;
  Builder b;
  Activity act;
  Remap m;
  std::set<std::string> names;
  std::unordered_map<const Op *, LinearForm> lin;
  std::unordered_map<const Op *, Target> leafTarget;
  std::map<const Var *, Op *> leafCache;
  std::unordered_map<const Op *, int> remaining; // uses not yet reached
  // Values with a form whose users are ahead, in the order they were made
  // (so temporaries are named deterministically).
  std::vector<const Op *> open;
  std::vector<const Var *> fwdCounters; // counted loops around the forward
  std::vector<std::pair<const Var *, Op *>> bwdCounters; // ... and backward
  std::unordered_map<const Op *, bool> recomputeMemo;
  std::unordered_map<const void *, int> lastWriteTop;
  std::vector<BodyContext> bodies; // loop bodies being forwarded
  std::unordered_map<const Op *, Array *> snapshotCopy; // loads to redirect
  int currentTop = 0; // index of the top-level statement being forwarded
  std::map<const Var *, Var *> varAdj;       // scalar adjoints in locals
  std::map<const Var *, Array *> directAdj;  // scalar params: *a_bar itself
  std::map<const Array *, Array *> arrAdj;
  std::vector<std::pair<Var *, Array *>> accumulateInto;
  std::map<Type, Array *> tapes;
  Var *seed = nullptr;
  Op *retValue = nullptr;
  std::string err;
};

} // namespace

std::unique_ptr<Function> buildAdjoint(const Function &f,
                                       const AdjointOptions &opts,
                                       std::string &error) {
  // Prepare: calls inlined, jumps structured.
  auto g = cloneFunction(f);
  inlineCalls(*g);
  if (hasJumps(*g))
    structureJumps(*g);
  auto F = std::make_unique<Function>();
  F->name = opts.name;
  F->nameSpace = f.nameSpace;
  F->retType = f.retType;
  F->sourceFile = f.sourceFile;
  F->loc = f.loc;
  AdjointBuilder ab(*g, *F, opts.active);
  if (!ab.build(opts.active, error))
    return nullptr;
  eliminateDeadCode(*F);
  return F;
}

} // namespace adgen
