// Reverse mode, forward sweep: the tape reservation before a top-level loop
// whose trip count the sweep knows at entry. Each tape gets room for an
// upper bound of what the loop pushes, so it is allocated once, not grown
// by doubling (a copy of the whole tape each time). Nested loops may have
// bounds that vary with an enclosing counter (`for (j = i + 1; j < d; ++j)`):
// their trip count is bounded over the enclosing counters' ranges (interval
// arithmetic on sums, differences and constant multiples), so a triangular
// loop reserves at most twice what it pushes. Pages reserved and never
// pushed to are never touched. Where a bound is out of reach (a while loop,
// a bound read from memory the loop writes), nothing is reserved and the
// tape grows as it needs.
#include "transform/ForwardSweep.h"
#include "transform/ValueNumbering.h"

#include "analysis/Loops.h"
#include "analysis/Stats.h"

#include <set>

namespace adgen::detail {

namespace {

/// Whether v is an integer constant, and which.
bool constantOf(const Op *v, double &out) {
  if (v->kind != OpKind::Const)
    return false;
  out = v->num;
  return true;
}

} // namespace

/// What the reserved loop writes: variables, and arrays (any op naming an
/// array other than a load may write it; a call's array arguments too).
/// A variable whose only write in the loop is its declaration with a value
/// (`int d2 = d;`, an inlined callee's parameter) holds that value in every
/// read: `declared` maps it to the value.
struct LoopWrites {
  std::set<const Var *> vars;
  std::map<const Var *, const Op *> declared;
  std::set<const Array *> arrays;
  explicit LoopWrites(const Op &loop) {
    add(loop);
    for (auto it = declared.begin(); it != declared.end();)
      it = vars.count(it->first) ? declared.erase(it) : std::next(it);
  }
  void add(const Op &o) {
    bool once = o.kind == OpKind::Decl && o.operands.size() == 1 &&
                !declared.count(o.var);
    if (once)
      declared[o.var] = o.operands[0];
    else if (o.kind == OpKind::WriteVar || o.kind == OpKind::Decl)
      vars.insert(o.var);
    if (o.arr && o.kind != OpKind::Load)
      arrays.insert(o.arr);
    arrays.insert(o.arrays.begin(), o.arrays.end());
    for (auto &r : o.regions)
      for (auto &x : r->ops)
        add(*x);
  }
};

namespace {

/// Whether op v lies in one of loop's regions.
bool inside(const Op *v, const Op *loop) {
  for (const Block *blk = v->block; blk && blk->parent;
       blk = blk->parent->block)
    if (blk->parent == loop)
      return true;
  return false;
}

/// Whether v has the same value before `loop` as where it is: defined before
/// the loop, or computed in it from what the loop does not write (not a
/// counter, not a math call; a pop would be cheaper than a transcendental).
bool sameBefore(const Op *v, const Op *loop, const LoopWrites &w) {
  if (!inside(v, loop) || v->kind == OpKind::Const)
    return true;
  if (v->kind == OpKind::ReadVar) {
    auto d = w.declared.find(v->var);
    if (d != w.declared.end())
      return sameBefore(d->second, loop, w);
    return !w.vars.count(v->var);
  }
  if (v->kind == OpKind::Load && w.arrays.count(v->arr))
    return false;
  if (v->kind != OpKind::Load && (!isPure(*v) || v->kind == OpKind::Math))
    return false;
  for (const Op *x : v->operands)
    if (!sameBefore(x, loop, w))
      return false;
  return true;
}

} // namespace

/// v computed before `loop_` (the builder's insertion point): itself when it
/// is defined there already, else a copy of its ops (sameBefore holds).
Op *ForwardSweep::copyBefore(const Op *v) {
  if (!inside(v, reserved_))
    return const_cast<Op *>(v);
  if (v->kind == OpKind::ReadVar) {
    auto d = written_->declared.find(v->var);
    return d != written_->declared.end() ? copyBefore(d->second)
                                         : b.readVar(v->var);
  }
  std::vector<Op *> ops;
  for (const Op *x : v->operands)
    ops.push_back(copyBefore(x));
  if (v->kind == OpKind::Load)
    return b.load(v->arr, ops[0], ops.size() > 1 ? ops[1] : nullptr);
  Op *n = b.create(v->kind, v->type, ops);
  n->num = v->num;
  n->fn = v->fn;
  n->externName = v->externName;
  n->arr = v->arr; // RowSize's
  return n;
}

/// The lowest and highest value of integer v over the iterations of the
/// reserved loop, built at the builder's insertion point (before that loop);
/// with `emit` false only whether they can be built. Counters of the loops
/// inside take the ranges in `ranges` (output variables: [lo, hi]).
bool ForwardSweep::boundsOf(const Op *v, const Ranges &ranges, bool emit,
                            Op *&lo, Op *&hi) {
  double c = 0;
  if (constantOf(v, c)) {
    lo = hi = emit ? b.constant(c, v->type) : nullptr;
    return true;
  }
  if (v->kind == OpKind::ReadVar) {
    auto r = ranges.find(v->var);
    if (r != ranges.end()) {
      lo = r->second.first, hi = r->second.second;
      return true;
    }
  }
  Op *alo = nullptr, *ahi = nullptr, *blo = nullptr, *bhi = nullptr;
  switch (v->kind) {
  case OpKind::Add:
  case OpKind::Sub:
    if (!boundsOf(v->operands[0], ranges, emit, alo, ahi) ||
        !boundsOf(v->operands[1], ranges, emit, blo, bhi))
      return false;
    if (emit) {
      bool add = v->kind == OpKind::Add;
      lo = add ? b.add(alo, blo) : b.sub(alo, bhi);
      hi = add ? b.add(ahi, bhi) : b.sub(ahi, blo);
    }
    return true;
  case OpKind::Mul:
    for (int k = 0; k < 2; ++k)
      if (constantOf(v->operands[k], c)) {
        if (!boundsOf(v->operands[1 - k], ranges, emit, alo, ahi))
          return false;
        if (emit) {
          Op *f = b.constant(c, v->type);
          lo = b.mul(f, c >= 0 ? alo : ahi);
          hi = b.mul(f, c >= 0 ? ahi : alo);
        }
        return true;
      }
    break;
  default:
    break;
  }
  // Anything else: a value the sweep can compute before the loop.
  if (!isInteger(v->type) || !sameBefore(v, reserved_, *written_))
    return false;
  lo = hi = emit ? copyBefore(v) : nullptr;
  return true;
}

bool ForwardSweep::pushBound(const Block &blk, Op *mult, Ranges &ranges,
                             bool emit, std::map<Type, Op *> &out) {
  // The single pushes of this block, counted per type: mult · count each.
  std::map<Type, int64_t> single;
  for (const auto &op : blk.ops)
    if (op->kind == OpKind::Push)
      ++single[op->operands[0]->type];
  for (auto &[t, k] : single) {
    Op *&n = out[t];
    Op *m = !emit ? nullptr
            : k == 1
                ? mult
                : b.mul(mult, b.constant(static_cast<double>(k), Type::Long));
    n = !emit ? nullptr : n ? b.add(n, m) : m;
  }
  for (size_t i = 0; i < blk.ops.size(); ++i) {
    const Op &o = *blk.ops[i];
    if (o.kind == OpKind::PushArray) { // at most its count's highest value
      Op *lo = nullptr, *hi = nullptr;
      if (!boundsOf(o.operands[0], ranges, emit, lo, hi))
        return false;
      Op *&n = out[o.arr->elemType];
      Op *m = emit ? b.mul(mult, b.cast(hi, Type::Long)) : nullptr;
      n = !emit ? nullptr : n ? b.add(n, m) : m;
    }
    if (o.kind == OpKind::CkptNew)
      return false; // its snapshots are not on the tape
    Op *inner = mult;
    if (o.kind == OpKind::Loop) {
      int64_t n = staticTripCount(blk, i);
      if (n >= 0) {
        if (emit)
          inner = b.mul(mult, b.constant(static_cast<double>(n), Type::Long));
      } else {
        auto c = matchCountedLoop(blk, i, DeclSearch::ThroughOthers);
        Op *ilo = nullptr, *ihi = nullptr, *blo = nullptr, *bhi = nullptr;
        if (!c || !c->bound || !isInteger(c->counter->type) ||
            !boundsOf(c->init, ranges, emit, ilo, ihi) ||
            !boundsOf(c->bound, ranges, emit, blo, bhi))
          return false;
        Var *counter = const_cast<Var *>(c->counter);
        if (emit) {
          // At most max(0, highest bound − lowest start) iterations.
          Op *trips = b.cast(b.sub(bhi, ilo), Type::Long);
          Op *zero = b.constant(0, Type::Long);
          trips = b.select(b.binary(OpKind::Gt, trips, zero), trips, zero);
          inner = b.mul(mult, trips);
          ranges[counter] = {ilo, b.sub(bhi, b.constant(1, bhi->type))};
        } else {
          ranges[counter] = {nullptr, nullptr};
        }
      }
    }
    for (auto &r : o.regions) // both branches of an if: an upper bound
      if (!pushBound(*r, inner, ranges, emit, out))
        return false;
  }
  return true;
}

void ForwardSweep::reserveFor(Op *loop, const Item &it) {
  if (loop->block != b.block())
    return;
  Builder::Restore restore(b);
  b.setInsertPoint(Builder::InsertPoint::beforeOp(loop));
  Block &at = *loop->block;
  size_t from = at.indexOf(loop);
  const Op *before = from ? at.ops[from - 1].get() : nullptr;
  std::map<Type, Op *> per;
  if (!tapeBound(loop, it, per))
    return;
  for (auto &[t, n] : per)
    b.create(OpKind::Reserve, Type::Void, {n})->arr = cx.rt.tape(t);
  numberOps(at, before, loop); // one count of each nested loop's trips
}

bool ForwardSweep::tapeBound(Op *loop, const Item &it,
                             std::map<Type, Op *> &per,
                             std::map<Type, Op *> *step) {
  LoopWrites written(*loop);
  reserved_ = loop, written_ = &written;
  struct Reset {
    ForwardSweep &s;
    ~Reset() { s.reserved_ = nullptr, s.written_ = nullptr; }
  } reset{*this};
  Ranges ranges;
  Var *counter = it.counter ? cx.out.m.vars.at(it.counter) : nullptr;
  if (counter)
    ranges[counter] = {nullptr, nullptr};
  // The body and the step (`for (...; ...; x = f(x))` may push too).
  auto bound = [&](Op *trips, bool emit, std::map<Type, Op *> &out) {
    return pushBound(*loop->region(1), trips, ranges, emit, out) &&
           pushBound(*loop->region(2), trips, ranges, emit, out);
  };
  if (!bound(nullptr, false, per))
    return false;
  bool pushes = !per.empty();
  per.clear();
  if (!pushes) // nothing on the tape: a bound of 0
    return true;
  ranges.clear();
  Op *init = cx.rc.recompute(it.init);
  Op *end = cx.rc.recompute(it.bound);
  Op *trips = b.cast(b.sub(end, init), Type::Long);
  Op *zero = b.constant(0, Type::Long);
  trips = b.select(b.binary(OpKind::Gt, trips, zero), trips, zero);
  if (counter)
    ranges[counter] = {init, b.sub(end, b.constant(1, end->type))};
  if (!step) {
    bound(trips, true, per);
    return true;
  }
  // One iteration's bound (the inner trip counts at their highest over the
  // counter's range), then trips times it.
  bound(b.constant(1, Type::Long), true, *step);
  for (auto &[t, k] : *step)
    per[t] = b.mul(trips, k);
  return true;
}

} // namespace adgen::detail
