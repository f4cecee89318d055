#include "analysis/Recording.h"

#include "analysis/Activity.h"

#include <map>
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

} // namespace

std::vector<BodySnapshot> snapshotsOf(const Op &loop) {
  const Block &body = *loop.region(1);
  std::map<const Array *, int> lastWrite, firstWrite;
  for (size_t t = 0; t < body.ops.size(); ++t) {
    auto note = [&](const Op &x) {
      forEachArrayWritten(x, [&](const Array *a) {
        lastWrite[a] = static_cast<int>(t);
        firstWrite.emplace(a, static_cast<int>(t));
      });
    };
    note(*body.ops[t]);
    for (auto &r : body.ops[t]->regions)
      walk(*r, note);
  }
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
  for (auto &[a, first] : firstWrite) {
    if (inside.count(a) || a->size <= 0 || taken.count(a))
      continue;
    if (readInLoop(body, 0, static_cast<size_t>(first), a))
      out.push_back({a, BodySnapshot::AtEntry, first});
  }
  return out;
}

} // namespace adgen
