#include "analysis/Activity.h"

#include <functional>
#include <iterator>
#include <set>

namespace adgen {

namespace {

enum class Access { Write, Read };

/// Whether g writes (reads) its array parameter i, itself or through its
/// callees; `seen` holds the (function, parameter) pairs being asked
/// already, so a recursive callee answers from the rest of its body.
bool accessesParamArray(const Function &g, unsigned i, Access how,
                        std::set<std::pair<const Function *, unsigned>> &seen) {
  if (!seen.insert({&g, i}).second)
    return false;
  const Array *a = g.params[i].arr;
  if (g.external) // no body (SPEC §8): what its signature allows
    return how == Access::Read || !a->isConst;
  bool found = false;
  walk(g.body, [&](const Op &o) {
    if (how == Access::Write ? o.kind == OpKind::Store && o.arr == a
                             : arrayRead(o) == a)
      found = true;
    if (o.kind == OpKind::Call && !found)
      for (size_t k = 0; k < o.argOrder.size(); ++k)
        if (o.argOrder[k] < 0 && o.arrays[~o.argOrder[k]] == a &&
            accessesParamArray(*o.callee, static_cast<unsigned>(k), how, seen))
          found = true;
  });
  return found;
}

} // namespace

bool writesParamArray(const Function &g, unsigned i) {
  std::set<std::pair<const Function *, unsigned>> seen;
  return accessesParamArray(g, i, Access::Write, seen);
}

bool readsParamArray(const Function &g, unsigned i) {
  std::set<std::pair<const Function *, unsigned>> seen;
  return accessesParamArray(g, i, Access::Read, seen);
}

std::vector<bool> writtenArguments(const Op &call) {
  std::vector<bool> w(call.arrays.size(), false);
  for (size_t k = 0; call.callee && k < call.argOrder.size(); ++k)
    if (int a = call.argOrder[k]; a < 0)
      w[static_cast<size_t>(~a)] =
          w[static_cast<size_t>(~a)] ||
          writesParamArray(*call.callee, static_cast<unsigned>(k));
  return w;
}

bool callsItself(const Function &g) {
  std::set<const Function *> seen;
  std::function<bool(const Function &)> reaches = [&](const Function &f) {
    bool found = false;
    walk(f.body, [&](const Op &o) {
      if (found || o.kind != OpKind::Call || !o.callee)
        return;
      if (o.callee == &g)
        found = true;
      else if (seen.insert(o.callee).second)
        found = reaches(*o.callee);
    });
    return found;
  };
  return reaches(g);
}

namespace {

/// Calls f on every op of the block, last first, each op after the ops of
/// its regions (reverse post-order): usefulness flows from a use back to
/// its definition, so one pass covers a straight-line block.
template <typename F> void walkBackward(const Block &b, F &f) {
  for (auto op = b.ops.rbegin(); op != b.ops.rend(); ++op) {
    for (auto r = (*op)->regions.rbegin(); r != (*op)->regions.rend(); ++r)
      walkBackward(**r, f);
    f(**op);
  }
}

} // namespace

void keepUseful(const Function &f, Activity &act) {
  std::set<const Op *> values;
  std::set<const Var *> vars;
  std::set<const Array *> arrays;
  for (const Param &p : f.params)
    if (p.arr && !p.arr->isConst)
      arrays.insert(p.arr);
  bool changed = true;
  auto mark = [&](auto &set, auto *x) {
    if (x && set.insert(x).second)
      changed = true;
  };
  auto visit = [&](const Op &o) {
    bool useful = values.count(&o) != 0;
    switch (o.kind) {
    case OpKind::Return:
      for (const Op *x : o.operands)
        mark(values, x);
      return;
    case OpKind::Decl:
    case OpKind::WriteVar:
      if (vars.count(o.var))
        for (const Op *x : o.operands)
          mark(values, x);
      return;
    case OpKind::Store:
      if (arrays.count(o.arr))
        mark(values, o.operands[1]);
      return;
    case OpKind::ReadVar:
      if (useful)
        mark(vars, o.var);
      return;
    case OpKind::Load:
      if (useful)
        mark(arrays, o.arr);
      return;
    case OpKind::Call: { // a kept call (reverse mode): what it computes
      // (its result, the arrays it writes) needs all it reads
      std::vector<bool> written = writtenArguments(o);
      for (size_t j = 0; j < o.arrays.size(); ++j)
        useful = useful || (written[j] && arrays.count(o.arrays[j]));
      if (useful) {
        for (const Array *a : o.arrays)
          mark(arrays, a);
        for (const Op *x : o.operands)
          mark(values, x);
      }
      return;
    }
    default:
      if (useful)
        for (const Op *x : o.operands)
          mark(values, x);
    }
  };
  while (changed) {
    changed = false;
    walkBackward(f.body, visit);
  }
  auto keep = [](auto &set, const auto &useful) {
    for (auto it = set.begin(); it != set.end();)
      it = useful.count(*it) ? std::next(it) : set.erase(it);
  };
  keep(act.values, values);
  keep(act.vars, vars);
  keep(act.arrays, arrays);
}

Activity analyzeVaried(const Function &f, const std::set<const Var *> &seedVars,
                       const std::set<const Array *> &seedArrays) {
  Activity act;
  act.vars = seedVars;
  act.arrays = seedArrays;
  bool changed = true;
  auto mark = [&](auto &set, auto *x) {
    if (set.insert(x).second)
      changed = true;
  };
  while (changed) {
    changed = false;
    walk(f.body, [&](const Op &o) {
      bool anyIn = false;
      for (const Op *x : o.operands)
        anyIn = anyIn || act.active(x);
      switch (o.kind) {
      case OpKind::ReadVar:
        if (act.active(o.var) && isFloating(o.type))
          mark(act.values, &o);
        break;
      case OpKind::Load:
        if (act.active(o.arr) && isFloating(o.type))
          mark(act.values, &o);
        break;
      case OpKind::Decl:
      case OpKind::WriteVar:
        if (anyIn && isFloating(o.var->type))
          mark(act.vars, o.var);
        break;
      case OpKind::Store:
        if (act.active(o.operands[1]))
          mark(act.arrays, o.arr);
        break;
      case OpKind::Select:
        if (isFloating(o.type) &&
            (act.active(o.operands[1]) || act.active(o.operands[2])))
          mark(act.values, &o);
        break;
      case OpKind::Call: {
        for (const Array *a : o.arrays)
          anyIn = anyIn || act.active(a);
        if (!anyIn)
          break;
        if (isFloating(o.type))
          mark(act.values, &o);
        for (size_t k = 0; k < o.argOrder.size(); ++k) {
          int ai = o.argOrder[k];
          if (ai < 0 && isFloating(o.arrays[~ai]->elemType) &&
              writesParamArray(*o.callee, static_cast<unsigned>(k)))
            mark(act.arrays, o.arrays[~ai]);
        }
        break;
      }
      default:
        if (isPure(o) && anyIn && isFloating(o.type))
          mark(act.values, &o);
      }
    });
  }
  return act;
}

} // namespace adgen
