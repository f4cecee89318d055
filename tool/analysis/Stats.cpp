#include "analysis/Stats.h"

#include "analysis/Loops.h"

#include <algorithm>

namespace adgen {
namespace {

struct Range {
  const Var *var;
  int64_t lo, hi; // [lo, hi)
};

/// The canonical counted loop at b.ops[i] with constant bounds, if it is
/// one: `for (T v = C0; v < C1; ++v)`.
bool countedLoop(const Block &b, size_t i, Range &r) {
  auto c = matchCountedLoop(b, i, DeclSearch::ThroughOthers);
  if (!c || c->constantTrips() < 0)
    return false;
  r = {c->counter, static_cast<int64_t>(c->init->num),
       static_cast<int64_t>(c->bound->num)};
  return true;
}

/// An array push/pop's element count if constant, else -1.
int64_t constCount(const Op &o) {
  const Op *n = o.operands[0];
  return n->kind == OpKind::Const ? static_cast<int64_t>(n->num) : -1;
}

bool isTranscendental(MathFn f) {
  switch (f) {
  case MathFn::Fabs:
  case MathFn::Fmin:
  case MathFn::Fmax:
  case MathFn::Fdim:
  case MathFn::Fma:
  case MathFn::Copysign:
  case MathFn::Floor:
  case MathFn::Ceil:
  case MathFn::Trunc:
  case MathFn::Round:
  case MathFn::Nearbyint:
    return false;
  default:
    return true;
  }
}

void count(const Block &b, int64_t mult, OpCounts &c) {
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const Op &o = *b.ops[i];
    switch (o.kind) {
    case OpKind::Mul:
      (o.tangentProduct ? c.tangentProducts : c.mul) += mult;
      break;
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Neg:
      if (isFloating(o.type))
        c.add += mult;
      break;
    case OpKind::Div:
      c.div += mult;
      break;
    case OpKind::Math:
      (isTranscendental(o.fn) ? c.transcendental : c.other_math) += mult;
      break;
    case OpKind::Load:
      c.loads += mult;
      break;
    case OpKind::Store:
      c.stores += mult;
      break;
    default:
      break;
    }
    if (o.kind == OpKind::Loop) {
      int64_t n = staticTripCount(b, i);
      if (n < 0)
        c.exact = false;
      for (auto &r : o.regions)
        count(*r, mult * std::max<int64_t>(n, 1), c);
    } else {
      for (auto &r : o.regions)
        count(*r, mult, c);
    }
  }
}

int64_t constIndexBound(const Op *idx, const std::vector<Range> &ranges) {
  if (idx->kind == OpKind::Const)
    return static_cast<int64_t>(idx->num) + 1;
  if (idx->kind == OpKind::ReadVar)
    for (auto &r : ranges)
      if (r.var == idx->var)
        return r.hi;
  return -1;
}

void extent(const Block &b, const Array *a, std::vector<Range> &ranges,
            int64_t &ext) {
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const Op &o = *b.ops[i];
    if ((o.kind == OpKind::Load || o.kind == OpKind::Store) && o.arr == a &&
        ext != -2) {
      int64_t e = constIndexBound(o.operands[0], ranges);
      ext = e < 0 ? -2 : std::max(ext, e);
    }
    if (o.kind == OpKind::Call)
      for (const Array *x : o.arrays)
        if (x == a)
          ext = -2;
    if ((o.kind == OpKind::PushArray || o.kind == OpKind::PopArray) &&
        o.arrays[0] == a && ext != -2)
      ext = constCount(o) < 0 ? -2 : std::max(ext, constCount(o));
    Range r;
    bool counted = countedLoop(b, i, r);
    if (counted)
      ranges.push_back(r);
    for (auto &reg : o.regions)
      extent(*reg, a, ranges, ext);
    if (counted)
      ranges.pop_back();
  }
}

} // namespace

static int64_t pushedBytes(const Block &b) {
  int64_t n = 0;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const Op &o = *b.ops[i];
    if (o.kind == OpKind::Push)
      n += typeSize(o.operands[0]->type);
    if (o.kind == OpKind::PushArray) // the copy of an array, if sized
      n += typeSize(o.arr->elemType) * std::max<int64_t>(constCount(o), 1);
    // An inner loop counts as its own.
    if (o.kind != OpKind::Loop)
      for (auto &r : o.regions)
        n += pushedBytes(*r);
  }
  return n;
}

std::vector<LoopTape> tapeBytesPerIteration(const Function &f) {
  std::vector<LoopTape> out;
  walk(f.body, [&](const Op &o) {
    if (o.kind != OpKind::Loop)
      return;
    int64_t n = 0;
    for (auto &r : o.regions)
      n += pushedBytes(*r);
    // The backward sweep's own loops pop, never push.
    bool own = o.role == OpRole::BackwardLoop ||
               o.role == OpRole::BackwardZero || o.role == OpRole::BackwardCopy;
    if (!own)
      out.push_back({o.loc.line, n});
  });
  return out;
}

int64_t staticTripCount(const Block &b, size_t i) {
  Range r;
  return countedLoop(b, i, r) ? r.hi - r.lo : -1;
}

OpCounts countOps(const Function &f) {
  OpCounts c;
  count(f.body, 1, c);
  return c;
}

static int64_t tapeBytesIn(const Block &b) {
  int64_t n = 0;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const Op &o = *b.ops[i];
    if (o.kind == OpKind::Push)
      n += typeSize(o.operands[0]->type);
    if (o.kind == OpKind::PushArray) {
      if (constCount(o) < 0)
        return -1;
      n += typeSize(o.arr->elemType) * constCount(o);
    }
    if (o.kind == OpKind::CkptNew)
      return -1; // snapshots: sized at run time
    int64_t mult = o.kind == OpKind::Loop ? staticTripCount(b, i) : 1;
    if (mult < 0)
      return -1;
    for (auto &r : o.regions) {
      int64_t inner = tapeBytesIn(*r);
      if (inner < 0)
        return -1;
      n += mult * inner;
    }
  }
  return n;
}

int64_t tapeBytesPerCall(const Function &f) { return tapeBytesIn(f.body); }

int64_t inferExtent(const Function &f, const Array *a) {
  if (a->jagged) // rows: no flat extent
    return -1;
  std::vector<Range> ranges;
  int64_t ext = 0;
  extent(f.body, a, ranges, ext);
  return ext < 0 ? -1 : ext;
}

} // namespace adgen
