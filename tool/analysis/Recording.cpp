#include "analysis/Recording.h"

#include "analysis/Activity.h"
#include "analysis/Loops.h"

#include <map>
#include <optional>
#include <set>

namespace adgen {

bool RecordFacts::settledAt(const void *varOrArray, int top) const {
  auto it = lastWriteTop.find(varOrArray);
  return it == lastWriteTop.end() || it->second < top;
}

void forEachArrayWritten(const Op &o,
                         const std::function<void(const Array *)> &f) {
  if (const Array *a = arrayWritten(o))
    f(a);
  if (o.kind != OpKind::Call)
    return;
  std::vector<bool> written = writtenArguments(o);
  for (size_t j = 0; j < o.arrays.size(); ++j)
    if (written[j])
      f(o.arrays[j]);
}

bool RecordFacts::writtenOnceByDecl(const Op &decl) const {
  auto w = writeCount.find(decl.var);
  return decl.kind == OpKind::Decl && !decl.operands.empty() &&
         isInteger(decl.var->type) && w != writeCount.end() && w->second == 1 &&
         decl.var->paramIndex < 0;
}

RecordFacts analyzeRecording(const Function &g) {
  RecordFacts r;
  walk(g.body, [&](const Op &o) {
    for (const Op *x : o.operands)
      r.uses[x]++;
    if (const Var *v = varWritten(o))
      r.writeCount[v]++;
  });
  for (size_t t = 0; t < g.body.ops.size(); ++t) {
    auto note = [&](const Op &x) {
      if (const Var *v = varWritten(x))
        r.lastWriteTop[v] = static_cast<int>(t);
      forEachArrayWritten(
          x, [&](const Array *a) { r.lastWriteTop[a] = static_cast<int>(t); });
    };
    note(*g.body.ops[t]);
    for (auto &reg : g.body.ops[t]->regions)
      walk(*reg, note);
  }
  return r;
}

namespace {

/// Whether a loop among body.ops[from, to) reads array a in its body.
bool readInLoop(const Block &body, size_t from, size_t to, const Array *a) {
  bool read = false;
  for (size_t t = from; t < to; ++t)
    if (body.ops[t]->kind == OpKind::Loop)
      walk(*body.ops[t]->region(1), [&](const Op &x) {
        read = read || (x.kind == OpKind::Load && x.arr == a);
      });
  return read;
}

/// The function body around op o.
const Block &functionBody(const Op &o) {
  const Block *b = o.block;
  while (b->parent)
    b = b->parent->block;
  return *b;
}

/// Compares values by what they compute where each is used: casts are
/// looked through, and a variable never written (a parameter) or written
/// once by its declaration stands for what it holds.
class SameValue {
public:
  explicit SameValue(const Block &fn) {
    walk(fn, [&](const Op &o) {
      if (const Var *v = varWritten(o)) {
        ++writes[v];
        if (o.kind == OpKind::Decl && !o.operands.empty())
          init[v] = o.operands[0];
      }
    });
  }
  bool operator()(const Op *a, const Op *b) {
    a = resolve(a);
    b = resolve(b);
    if (a == b)
      return true;
    if (a->kind != b->kind || a->operands.size() != b->operands.size())
      return false;
    switch (a->kind) {
    case OpKind::Const:
      return a->num == b->num;
    case OpKind::ReadVar:
      return a->var == b->var && writesOf(a->var) == 0;
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div:
      return (*this)(a->operands[0], b->operands[0]) &&
             (*this)(a->operands[1], b->operands[1]);
    default:
      return false;
    }
  }
  /// a as a constant, when it is one.
  std::optional<double> constant(const Op *a) {
    a = resolve(a);
    return a->kind == OpKind::Const ? std::optional<double>(a->num)
                                    : std::nullopt;
  }

private:
  const Op *resolve(const Op *a) {
    for (;;) {
      if (a->kind == OpKind::Cast && isInteger(a->type) &&
          isInteger(a->operands[0]->type))
        a = a->operands[0];
      else if (a->kind == OpKind::ReadVar && writesOf(a->var) == 1 &&
               init.count(a->var))
        a = init[a->var];
      else
        return a;
    }
  }
  int writesOf(const Var *v) const {
    auto w = writes.find(v);
    return w == writes.end() ? 0 : w->second;
  }
  std::unordered_map<const Var *, int> writes;
  std::unordered_map<const Var *, const Op *> init;
};

/// The store `a[c] = ...` when body.ops[t] is a counted loop storing every
/// element of array a: `for (c = 0; c < n; ++c) a[c] = ...;` at the loop
/// body's top level, n at least a's size (or its heap extent, declared in
/// fn), no break. Null otherwise.
const Op *storesWhole(const Block &body, size_t t, const Array *a,
                      const Block &fn) {
  const Op *extent = nullptr;
  for (auto &op : fn.ops)
    if (op->kind == OpKind::DeclArray && op->arr == a)
      extent = a->heap && op->operands.size() == 1 ? op->operands[0] : nullptr;
  if (a->size <= 0 && !extent)
    return nullptr;
  auto c = matchCountedLoop(body, t, DeclSearch::Adjacent);
  SameValue same(fn);
  if (!c || !c->bound || same.constant(c->init) != 0.0)
    return nullptr;
  bool breaks = false;
  const Op *store = nullptr;
  walk(*c->loop->region(1),
       [&](const Op &x) { breaks = breaks || x.kind == OpKind::Break; });
  for (auto &x : c->loop->region(1)->ops)
    if (x->kind == OpKind::Store && x->arr == a && x->operands.size() == 2 &&
        x->operands[0]->kind == OpKind::ReadVar &&
        x->operands[0]->var == c->counter)
      store = x.get();
  if (breaks || !store || writesVar(*c->loop->region(1), c->counter))
    return nullptr;
  auto n = same.constant(c->bound);
  bool whole = a->size > 0 ? n && *n >= static_cast<double>(a->size)
                           : same(c->bound, extent);
  return whole ? store : nullptr;
}

/// Whether a counted loop among body's statements stores every element
/// of top-level array a (storesWhole). The iteration then costs at least
/// a's size.
bool rewritesWhole(const Block &body, const Array *a, const Block &fn) {
  for (size_t t = 0; t < body.ops.size(); ++t)
    if (storesWhole(body, t, a, fn))
      return true;
  return false;
}

/// Whether a is a plain local declared at the top level of fn.
bool topLevelLocal(const Array *a, const Block &fn) {
  if (a->paramIndex >= 0 || a->isTape || a->runtime != RuntimeClass::None ||
      a->jagged || a->structElements || a->stride || a->global)
    return false;
  for (auto &op : fn.ops)
    if (op->kind == OpKind::DeclArray && op->arr == a)
      return true;
  return false;
}

} // namespace

std::vector<BodySnapshot> snapshotsOf(const Op &loop) {
  const Block &body = *loop.region(1);
  std::map<const Array *, int> lastWrite, firstWrite;
  std::vector<const Array *> writeOrder; // firstWrite's keys, in order
  for (size_t t = 0; t < body.ops.size(); ++t) {
    auto note = [&](const Op &x) {
      forEachArrayWritten(x, [&](const Array *a) {
        lastWrite[a] = static_cast<int>(t);
        if (firstWrite.emplace(a, static_cast<int>(t)).second)
          writeOrder.push_back(a);
      });
    };
    note(*body.ops[t]);
    for (auto &r : body.ops[t]->regions)
      walk(*r, note);
  }
  const Block &fn = functionBody(loop);
  std::vector<BodySnapshot> out;
  std::set<const Array *> taken;
  for (auto &op : body.ops) {
    if (op->kind != OpKind::DeclArray || op->arr->size <= 0)
      continue;
    int w = lastWrite[op->arr];
    if (!readInLoop(body, static_cast<size_t>(w) + 1, body.ops.size(), op->arr))
      continue;
    out.push_back({op->arr, BodySnapshot::AfterLastWrite, w});
    taken.insert(op->arr);
  }
  std::set<const Array *> inside;
  walk(body, [&](const Op &x) {
    if (x.kind == OpKind::DeclArray)
      inside.insert(x.arr);
  });
  for (const Array *a : writeOrder) {
    int first = firstWrite[a];
    if (inside.count(a) || taken.count(a))
      continue;
    if (a->size > 0 && readInLoop(body, 0, static_cast<size_t>(first), a))
      out.push_back({a, BodySnapshot::AtEntry, first});
    else if (!readInLoop(body, 0, static_cast<size_t>(first), a) &&
             readInLoop(body, static_cast<size_t>(lastWrite[a]) + 1,
                        body.ops.size(), a) &&
             topLevelLocal(a, fn) && rewritesWhole(body, a, fn))
      out.push_back({a, BodySnapshot::AfterLastWrite, lastWrite[a], true});
  }
  return out;
}

const Op *wholeFill(const Block &body, int t, const Array *a) {
  if (t < 0 || static_cast<size_t>(t) >= body.ops.size() || !body.parent)
    return nullptr;
  const Op *store =
      storesWhole(body, static_cast<size_t>(t), a, functionBody(*body.parent));
  if (!store)
    return nullptr;
  // The loop's store is a's only write in the body (a declaration
  // before it sets no value the iteration keeps).
  int writes = 0;
  for (auto &op : body.ops) {
    auto count = [&](const Op &x) {
      if (x.kind != OpKind::DeclArray)
        forEachArrayWritten(x, [&](const Array *w) { writes += w == a; });
    };
    count(*op);
    for (auto &r : op->regions)
      walk(*r, count);
  }
  return writes == 1 ? store : nullptr;
}

bool exitsAtTheTop(const Op &loop) {
  bool other = false;
  walk(*loop.region(1), [&](const Op &x) {
    other = other || x.kind == OpKind::Break || x.kind == OpKind::Return;
  });
  for (unsigned r : {0u, 2u})
    walk(*loop.region(r), [&](const Op &x) {
      forEachArrayWritten(x, [&](const Array *) { other = true; });
    });
  return !other;
}

} // namespace adgen
