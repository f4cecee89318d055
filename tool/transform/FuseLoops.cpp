#include "transform/FuseLoops.h"

#include "ir/Clone.h"
#include "transform/ReversedLoop.h"

#include <cstring>
#include <unordered_set>

namespace adgen {
namespace {

using VarSet = std::unordered_set<const Var *>;

/// A load or store in a body and the indices it reads.
struct Access {
  const Op *op;
  const Array *arr;
  bool store;
  std::vector<const Op *> index; // first the element, then a row's
  bool sum = false;              // the load or store of an `A[e] += x`
};

/// One of the two loops: its shape, body, and what the body writes.
struct Side {
  ReversedLoop r;
  Block *body = nullptr;
  VarSet written;
  std::vector<Access> accesses;
};

bool isBackwardLoop(const Op *o) {
  return o->kind == OpKind::Loop && o->role == OpRole::BackwardLoop;
}

/// Same op, attributes and operand count (operands not compared).
bool alike(const Op *a, const Op *b) {
  return a->kind == b->kind && a->type == b->type &&
         std::memcmp(&a->num, &b->num, sizeof a->num) == 0 &&
         a->var == b->var && a->arr == b->arr && a->fn == b->fn &&
         a->operands.size() == b->operands.size();
}

/// Arithmetic and variable reads: what may be compared by its operands.
bool comparable(const Op *o) {
  Effect e = effectOf(o->kind);
  return o->regions.empty() && o->kind != OpKind::Extern &&
         o->kind != OpKind::NonNull &&
         (e == Effect::None || e == Effect::ReadVar);
}

class Fusion {
public:
  explicit Fusion(Function &f) : aliasing(f) {}

  int run(Block &b) {
    int n = 0;
    for (auto &op : b.ops)
      for (auto &r : op->regions)
        n += run(*r);
    for (size_t i = 0; i < b.ops.size(); ++i) {
      Op *first = b.ops[i].get();
      if (!isBackwardLoop(first))
        continue;
      while (Op *next = nextLoop(b, i)) {
        if (!fuse(b, first, next))
          break;
        ++n;
      }
    }
    return n;
  }

private:
  ShadowAliasing aliasing;
  Side one, two;

  /// The backward loop after b.ops[i], past pure ops and declarations.
  static Op *nextLoop(Block &b, size_t i) {
    for (size_t j = i + 1; j < b.ops.size(); ++j) {
      Op *o = b.ops[j].get();
      if (isBackwardLoop(o))
        return o;
      if (!comparable(o) && o->kind != OpKind::Decl)
        return nullptr;
    }
    return nullptr;
  }

  /// Reads s's loop: false when its body has what fusion cannot reorder.
  static bool describe(Op *loop, Side &s) {
    s = Side{};
    if (!matchReversedLoop(loop, s.r))
      return false;
    s.body = loop->region(1);
    for (auto &up : s.body->ops) {
      const Op *o = up.get();
      if (o->kind == OpKind::WriteVar) {
        s.written.insert(o->var);
        continue;
      }
      if (o->kind == OpKind::Load || o->kind == OpKind::Store) {
        Access a{o, o->arr, o->kind == OpKind::Store, {o->operands[0]}};
        for (size_t i = o->kind == OpKind::Store ? 2 : 1;
             i < o->operands.size(); ++i)
          a.index.push_back(o->operands[i]);
        s.accesses.push_back(a);
        continue;
      }
      if (!comparable(o))
        return false;
    }
    UseCounts uses = countUses(*s.body);
    std::unordered_set<const Op *> sums;
    for (const Access &a : s.accesses)
      if (a.store)
        if (const Op *l = accumulatedLoad(*a.op, uses))
          sums.insert(a.op), sums.insert(l);
    for (Access &a : s.accesses)
      a.sum = sums.count(a.op) > 0;
    return true;
  }

  /// Whether any op of body reads or writes a variable of vars.
  static bool touches(const Block &body, const VarSet &vars) {
    for (auto &op : body.ops)
      if ((op->kind == OpKind::ReadVar || op->kind == OpKind::WriteVar) &&
          vars.count(op->var))
        return true;
    return false;
  }

  /// a (in the first loop's body, or before it) and b (in the second's, or
  /// before it) are one value in the same iteration.
  bool same(const Op *a, const Op *b) const {
    if ((a == one.r.back && b == two.r.back) ||
        (a == one.r.count && b == two.r.count))
      return true;
    bool inA = a->block == one.body, inB = b->block == two.body;
    if (!inA && !inB)
      return a == b;
    if (inA != inB || !alike(a, b) || !comparable(a))
      return false;
    if (a->kind == OpKind::ReadVar &&
        (a->var == one.r.k || one.written.count(a->var) ||
         two.written.count(a->var)))
      return false;
    for (size_t i = 0; i < a->operands.size(); ++i)
      if (!same(a->operands[i], b->operands[i]))
        return false;
    return true;
  }

  /// The loops' trip counts, computed before each, are one value: the
  /// same arithmetic on variables the first loop does not write.
  bool sameCount(const Op *a, const Op *b) const {
    if (a == b)
      return true;
    if (!alike(a, b) || !comparable(a) ||
        (a->kind == OpKind::ReadVar && one.written.count(a->var)))
      return false;
    for (size_t i = 0; i < a->operands.size(); ++i)
      if (!sameCount(a->operands[i], b->operands[i]))
        return false;
    return true;
  }

  /// o (of the first body) is one value in every iteration.
  bool invariant(const Op *o) const {
    if (o->block != one.body)
      return true;
    if (o == one.r.back || o == one.r.kread || !comparable(o) ||
        (o->kind == OpKind::ReadVar && one.written.count(o->var)))
      return false;
    for (const Op *x : o->operands)
      if (!invariant(x))
        return false;
    return true;
  }

  /// a's element is back + c (c invariant): one element per iteration.
  bool injective(const Access &a) const {
    const Op *e = a.index[0];
    bool ok = e == one.r.back;
    if (e->kind == OpKind::Add && e->block == one.body)
      for (int i = 0; i < 2; ++i)
        ok |= e->operands[i] == one.r.back && invariant(e->operands[1 - i]);
    for (size_t i = 1; i < a.index.size(); ++i)
      ok &= invariant(a.index[i]);
    return ok;
  }

  /// The second's accesses meet the first's only at one element each.
  bool arraysAgree() const {
    for (const Access &a : one.accesses)
      for (const Access &b : two.accesses) {
        // Sums commute, even into one buffer.
        if (!(a.store || b.store) || (a.sum && b.sum) ||
            (a.arr != b.arr && !aliasing.mayShare(a.arr, b.arr)))
          continue;
        if (a.arr != b.arr || a.index.size() != b.index.size() || !injective(a))
          return false;
        for (size_t i = 0; i < a.index.size(); ++i)
          if (!same(a.index[i], b.index[i]))
            return false;
      }
    return true;
  }

  /// The ops between the loops: pure, reading nothing the second writes,
  /// read in its body only as its count; finds its counter's declaration.
  bool betweenAgrees(Block &b, Op *first, Op *second, Op *&decl) const {
    size_t from = b.indexOf(first) + 1, to = b.indexOf(second);
    decl = nullptr;
    std::unordered_set<const Op *> between;
    for (size_t j = from; j < to; ++j) {
      Op *o = b.ops[j].get();
      if (o->kind == OpKind::Decl && o->var == two.r.k && !decl)
        decl = o;
      else if (o->kind == OpKind::Decl ||
               (o->kind == OpKind::ReadVar && two.written.count(o->var)))
        return false;
      between.insert(o);
    }
    for (auto &op : two.body->ops)
      for (const Op *x : op->operands)
        if (between.count(x) && x != two.r.count)
          return false;
    return decl != nullptr;
  }

  bool fuse(Block &b, Op *first, Op *second) {
    Op *decl = nullptr;
    if (!describe(first, one) || !describe(second, two) ||
        touches(*one.body, two.written) || touches(*two.body, one.written) ||
        !sameCount(one.r.count, two.r.count) || !arraysAgree() ||
        !betweenAgrees(b, first, second, decl))
      return false;
    Block &body = *two.body;
    replaceUses(body, two.r.back, one.r.back);
    dropUnused(body, {two.r.back, two.r.back->operands[0], two.r.kread});
    replaceUses(body, two.r.count, one.r.count);
    for (auto &op : body.ops)
      if (op->kind == OpKind::ReadVar && op->var == two.r.k)
        op->var = one.r.k;
    retitle(*first, *second);
    one.body->splice(one.body->ops.size(), body);
    b.erase(second);
    b.erase(decl);
    return true;
  }

  /// Erases ops, in order, that nothing in body reads (the second's back:
  /// a fused body has one, as ReversedLoop.h reads it).
  static void dropUnused(Block &body, std::initializer_list<const Op *> ops) {
    for (const Op *o : ops)
      if (countUses(body).at(o) == 0)
        body.erase(o);
  }

  /// "the loop at line 96" becomes "the loops at lines 96 and 38" (and
  /// then "96 and 38 and 31").
  static void retitle(Op &first, const Op &second) {
    const std::string one = "of the loop at line ",
                      many = "of the loops at lines ";
    size_t p = first.comment.find(one);
    if (p != std::string::npos)
      first.comment.replace(p, one.size(), many);
    p = first.comment.find(many);
    if (p == std::string::npos || second.loc.line == 0)
      return;
    size_t end = first.comment.find(',', p);
    first.comment.insert(end == std::string::npos ? first.comment.size() : end,
                         " and " + std::to_string(second.loc.line));
  }
};

} // namespace

int fuseBackwardLoops(Function &f) { return Fusion(f).run(f.body); }

} // namespace adgen
