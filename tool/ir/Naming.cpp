#include "ir/Naming.h"

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
  return x.kind == OpKind::CkptCopy &&
         (x.method == "get" || x.method == "unstash");
}

bool writesVar(const Op &o, const Var *v) {
  bool w = false;
  auto check = [&](const Op &x) {
    if ((x.kind == OpKind::WriteVar || restores(x)) && x.var == v)
      w = true;
  };
  check(o);
  for (auto &r : o.regions)
    walk(*r, check);
  return w;
}

bool writesArray(const Op &o, const Array *a) {
  bool w = false;
  auto check = [&](const Op &x) {
    if ((x.kind == OpKind::Store && x.arr == a) || x.kind == OpKind::Call ||
        (x.kind == OpKind::DeclArray && x.arr == a) ||
        (restores(x) && !x.arrays.empty() && x.arrays[0] == a))
      w = true;
  };
  check(o);
  for (auto &r : o.regions)
    walk(*r, check);
  return w;
}

struct Namer {
  const Function &f;
  bool deep;   // loop headers inline whole expressions
  bool chains; // chains of single-use ops join their write
  Naming n;
  std::unordered_map<const Op *, std::vector<const Op *>> users;
  int counter = 0;
  std::unordered_set<std::string> taken;

  void countUses(const Block &b) {
    walk(b, [&](const Op &o) {
      for (Op *x : o.operands) {
        n.uses[x]++;
        users[x].push_back(&o);
      }
    });
  }

  /// Where a value is really evaluated: at its user, or further up when the
  /// user is itself shown inline.
  void effectiveUsers(const Op *o, std::vector<const Op *> &out) {
    for (const Op *u : users[o]) {
      if (n.inlined.count(u))
        effectiveUsers(u, out);
      else
        out.push_back(u);
    }
  }

  /// True when no op between `def` and each place it is evaluated can change
  /// the memory `def` reads, so it may be shown at the place of use.
  bool stableUntilUses(const Op &def) {
    const Block &b = *def.block;
    size_t i = 0;
    while (b.ops[i].get() != &def)
      ++i;
    std::vector<const Op *> eff;
    effectiveUsers(&def, eff);
    for (const Op *u : eff) {
      const Op *anc = ancestorIn(b, u);
      if (!anc)
        return false;
      for (size_t j = i + 1; j < b.ops.size(); ++j) {
        const Op &mid = *b.ops[j];
        if (&mid == anc && anc == u)
          break; // an operand is read before the op itself acts
        if (def.kind == OpKind::ReadVar && writesVar(mid, def.var))
          return false;
        if (def.kind == OpKind::Load && writesArray(mid, def.arr))
          return false;
        if (&mid == anc)
          break;
      }
    }
    return true;
  }

  static bool isSink(const Op &u) {
    switch (u.kind) {
    case OpKind::WriteVar: case OpKind::Store: case OpKind::Return:
    case OpKind::Decl: case OpKind::Condition: case OpKind::If:
    case OpKind::CkptNew: case OpKind::CkptCopy:
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
        if (chains && !nextIsUser && u->block == &b) {
          reaches = true;
          for (size_t j = i + 1; j < b.ops.size() && b.ops[j].get() != u; ++j)
            reaches = reaches && isPure(*b.ops[j]);
        }
        if (deepHere ? u->block == &b : reaches && joins)
          n.inlined.insert(&o);
      }
      for (size_t r = 0; r < o.regions.size(); ++r)
        inlineExprs(*o.regions[r],
                    deep && o.kind == OpKind::Loop && r != 1);
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
  Namer nm{f, code, code, {}, {}, 0, {}};
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
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return std::string(buf) + (t == Type::Float ? "f" : "");
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
  return s;
}

} // namespace adgen
