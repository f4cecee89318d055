#include "ir/Naming.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace adgen {
namespace {

/// The op of `b` that holds `use` (itself or an ancestor), or null.
const Op *ancestorIn(const Block &b, const Op *use) {
  const Op *o = use;
  while (o && o->block != &b)
    o = o->block->parent;
  return o;
}

/// A restore from a snapshot or the stash writes its variable or array.
bool restores(const Op &x) {
  return x.kind == OpKind::CkptCopy && ckptRestores(x.method);
}

/// Where the ops of a block write, each op with its regions: per variable
/// and per array the sorted indices of the ops writing it, and the ops
/// holding a call (which may write any array).
struct BlockWrites {
  std::unordered_map<const Var *, std::vector<size_t>> vars;
  std::unordered_map<const Array *, std::vector<size_t>> arrays;
  std::vector<size_t> calls;

  explicit BlockWrites(const Block &b) {
    for (size_t j = 0; j < b.ops.size(); ++j) {
      auto note = [&](const Op &x) {
        if ((x.kind == OpKind::WriteVar || restores(x)) && x.var)
          add(vars[x.var], j);
        if (const Array *a = arrayWritten(x))
          add(arrays[a], j);
        if (restores(x) && !x.arrays.empty())
          add(arrays[x.arrays[0]], j);
        if (x.kind == OpKind::Call)
          add(calls, j);
      };
      note(*b.ops[j]);
      for (auto &r : b.ops[j]->regions)
        walk(*r, note);
    }
  }

  /// Whether an op between indices `from` and `to` (exclusive; `to` too
  /// when `withTo`) writes what memory read `def` reads.
  bool between(const Op &def, size_t from, size_t to, bool withTo) const {
    if (def.kind == OpKind::ReadVar)
      return hit(find(vars, def.var), from, to, withTo);
    return def.kind == OpKind::Load &&
           (hit(find(arrays, def.arr), from, to, withTo) ||
            hit(&calls, from, to, withTo));
  }

private:
  static void add(std::vector<size_t> &at, size_t j) {
    if (at.empty() || at.back() != j)
      at.push_back(j);
  }
  template <typename M, typename K>
  static const std::vector<size_t> *find(const M &m, K k) {
    auto it = m.find(k);
    return it == m.end() ? nullptr : &it->second;
  }
  static bool hit(const std::vector<size_t> *at, size_t from, size_t to,
                  bool withTo) {
    if (!at)
      return false;
    auto it = std::upper_bound(at->begin(), at->end(), from);
    return it != at->end() && (*it < to || (withTo && *it == to));
  }
};

struct Namer {
  const Function &f;
  bool deep;   // loop headers inline whole expressions
  bool chains; // chains of single-use ops join their write
  Naming n;
  std::unordered_map<const Op *, std::vector<const Op *>> users;
  int counter = 0;
  std::unordered_set<std::string> taken;

  std::unordered_map<const Op *, size_t> pos; // index in its block
  // Per block, for each index the first op at or after it that is not pure
  // (pure ops write nothing and own no regions); ops.size() if none.
  std::unordered_map<const Block *, std::vector<size_t>> nextImpure;
  std::unordered_map<const Block *, BlockWrites> writes; // built when asked
  // Inlined ops: where their value is really evaluated (effectiveUsers).
  std::unordered_map<const Op *, std::vector<const Op *>> evaluatedAt;

  /// Uses, users, positions and the next impure op (pre-order).
  void countUses(const Block &b) {
    std::vector<size_t> &next = nextImpure[&b];
    next.assign(b.ops.size() + 1, b.ops.size());
    for (size_t i = b.ops.size(); i-- > 0;)
      next[i] = isPure(*b.ops[i]) ? next[i + 1] : i;
    for (size_t i = 0; i < b.ops.size(); ++i) {
      const Op &o = *b.ops[i];
      pos[&o] = i;
      for (Op *x : o.operands) {
        n.uses[x]++;
        users[x].push_back(&o);
      }
      for (auto &r : o.regions)
        countUses(*r);
    }
  }

  /// Where a value is really evaluated: at its user, or further up when the
  /// user is itself shown inline (memoized: a long expression is a long
  /// chain of inlined ops).
  void effectiveUsers(const Op *o, std::vector<const Op *> &out) {
    for (const Op *u : users[o]) {
      if (n.inlined.count(u)) {
        const std::vector<const Op *> &up = evaluatedFrom(u);
        out.insert(out.end(), up.begin(), up.end());
      } else {
        out.push_back(u);
      }
    }
  }

  /// effectiveUsers of inlined op u, climbing single-user chains without
  /// recursion and remembering the answer for every op on the way.
  const std::vector<const Op *> &evaluatedFrom(const Op *u) {
    std::vector<const Op *> path;
    const Op *top = u;
    while (!evaluatedAt.count(top) && n.inlined.count(top) &&
           users[top].size() == 1) {
      path.push_back(top);
      top = users[top].front();
    }
    std::vector<const Op *> found;
    if (auto it = evaluatedAt.find(top); it != evaluatedAt.end())
      found = it->second;
    else if (n.inlined.count(top))
      effectiveUsers(top, found); // several users: rare, recurse
    else
      found.push_back(top);
    if (path.empty()) // u itself is the inlined op with several users
      return evaluatedAt[u] = std::move(found);
    for (const Op *p : path)
      evaluatedAt[p] = found;
    return evaluatedAt[u];
  }

  /// True when no op between `def` and each place it is evaluated can change
  /// the memory `def` reads, so it may be shown at the place of use.
  bool stableUntilUses(const Op &def) {
    const Block &b = *def.block;
    auto w = writes.find(&b);
    if (w == writes.end())
      w = writes.emplace(&b, BlockWrites(b)).first;
    std::vector<const Op *> eff;
    effectiveUsers(&def, eff);
    for (const Op *u : eff) {
      const Op *anc = ancestorIn(b, u);
      // An operand is read before the op itself acts; a use inside a
      // region is not, so the region's own writes count.
      if (!anc || w->second.between(def, pos.at(&def), pos.at(anc), anc != u))
        return false;
    }
    return true;
  }

  static bool isSink(const Op &u) {
    switch (u.kind) {
    case OpKind::WriteVar:
    case OpKind::Store:
    case OpKind::Return:
    case OpKind::Decl:
    case OpKind::Condition:
    case OpKind::If:
    case OpKind::CkptNew:
    case OpKind::CkptCopy:
    case OpKind::PushArray:
    case OpKind::PopArray:
      return true;
    default:
      return false;
    }
  }

  /// Whether b.ops[i]'s user u follows it in b with only pure ops between,
  /// and is itself a write, a condition or pure.
  static bool reachesPurely(const Block &b, size_t i, const Op *u) {
    if (u->block != &b || !(isSink(*u) || isPure(*u)))
      return false;
    for (size_t j = i + 1; j < b.ops.size(); ++j) {
      if (b.ops[j].get() == u)
        return true;
      if (!isPure(*b.ops[j]))
        return false;
    }
    return false;
  }

  static bool isMemRead(const Op &o) {
    return o.kind == OpKind::ReadVar || o.kind == OpKind::Load;
  }

  /// Pass 1: pure computations shown inside their single user. Backwards,
  /// so a chain of single-use ops ending in a write is seen from its end.
  void inlineExprs(const Block &b, bool deepHere) {
    for (size_t i = b.ops.size(); i-- > 0;) {
      const Op &o = *b.ops[i];
      if (o.kind == OpKind::Const) {
        n.inlined.insert(&o);
      } else if (o.kind == OpKind::CkptCall && o.hasResult() &&
                 n.uses[&o] == 1 && reachesPurely(b, i, users[&o].front())) {
        // A query of a checkpoint object read right away:
        // `if (ck.restores())`, `i < ck.tapeEnd()`.
        n.inlined.insert(&o);
      } else if (o.hasResult() && isPure(o) && !isMemRead(o) &&
                 n.uses[&o] == 1) {
        const Op *u = users[&o].front();
        bool nextIsUser = i + 1 < b.ops.size() && b.ops[i + 1].get() == u;
        bool joins = isSink(*u) || (chains && n.inlined.count(u));
        // In code, a single-use value may also travel past pure ops to
        // its user: nothing between can change it.
        bool reaches = nextIsUser;
        if (chains && !nextIsUser && u->block == &b)
          reaches = nextImpure.at(&b)[i + 1] >= pos.at(u);
        if (deepHere ? u->block == &b : reaches && joins)
          n.inlined.insert(&o);
      }
      for (size_t r = 0; r < o.regions.size(); ++r)
        inlineExprs(*o.regions[r], deep && o.kind == OpKind::Loop && r != 1);
    }
  }

  /// Pass 2: variable reads and loads shown where used when that reads the
  /// same value; then every remaining value is numbered in program order.
  void inlineReads(const Block &b, bool deepHere) {
    for (auto &op : b.ops) {
      const Op &o = *op;
      if (isMemRead(o) && stableUntilUses(o) &&
          (o.kind == OpKind::ReadVar || n.uses[&o] == 1 || deepHere))
        n.inlined.insert(&o);
      for (size_t r = 0; r < o.regions.size(); ++r)
        inlineReads(*o.regions[r], deep && o.kind == OpKind::Loop && r != 1);
    }
  }

  /// A fresh temporary name that no variable or array of f has (a user's
  /// own `v1` keeps its meaning).
  std::string fresh() {
    std::string name;
    do
      name = "v" + std::to_string(++counter);
    while (taken.count(name));
    return name;
  }

  void number(const Block &b) {
    for (auto &op : b.ops) {
      if (op->hasResult() && !n.inlined.count(op.get()))
        n.names[op.get()] = fresh();
      for (auto &r : op->regions)
        number(*r);
    }
  }
};

} // namespace

Naming nameValues(const Function &f, NamingStyle style) {
  bool code = style == NamingStyle::Code;
  Namer nm{f, code, code, {}, {}, 0, {}, {}, {}, {}, {}};
  for (auto &v : f.vars)
    nm.taken.insert(v->name);
  for (auto &a : f.arrays)
    nm.taken.insert(a->name);
  nm.countUses(f.body);
  nm.inlineExprs(f.body, false);
  nm.inlineReads(f.body, false);
  nm.number(f.body);
  return std::move(nm.n);
}

std::string literal(double v, Type t) {
  if (isInteger(t) || t == Type::Bool) {
    if (t == Type::Bool)
      return v != 0 ? "true" : "false";
    return std::to_string(static_cast<long long>(v));
  }
  // <cmath>'s macros and functions (INFINITY is a float only).
  if (std::isinf(v))
    return std::string(v < 0 ? "-" : "") + (t == Type::Float ? "HUGE_VALF"
                                            : t == Type::LongDouble
                                                ? "HUGE_VALL"
                                                : "HUGE_VAL");
  if (std::isnan(v))
    return t == Type::Float        ? "std::nanf(\"\")"
           : t == Type::LongDouble ? "std::nanl(\"\")"
                                   : "std::nan(\"\")";
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return std::string(buf) + (t == Type::Float        ? "f"
                               : t == Type::LongDouble ? "L"
                                                       : "");
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string s = buf;
  // Shortest form that reads back exactly.
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) {
      s = buf;
      break;
    }
  }
  if (s.find_first_of(".eEn") == std::string::npos)
    s += ".0";
  if (t == Type::Float)
    s += "f";
  else if (t == Type::LongDouble)
    s += "L";
  return s;
}

} // namespace adgen
