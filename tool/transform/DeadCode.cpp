#include "transform/DeadCode.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace adgen {
namespace {

void countUses(const Block &b, std::unordered_map<const Op *, int> &uses) {
  walk(b, [&](const Op &o) {
    for (const Op *x : o.operands)
      uses[x]++;
  });
}

/// Drops the ops a sweep has deleted (null), in one pass.
void compact(Block &b) {
  b.eraseIf([](const std::unique_ptr<Op> &op) { return !op; });
}

int sweep(Block &b, std::unordered_map<const Op *, int> &uses) {
  int removed = 0;
  // Backwards, so a chain of dead ops goes in one pass.
  for (size_t i = b.ops.size(); i-- > 0;) {
    Op &o = *b.ops[i];
    for (auto &r : o.regions)
      removed += sweep(*r, uses);
    if (!isPure(o) || uses[&o] != 0)
      continue;
    for (const Op *x : o.operands)
      uses[x]--;
    b.ops[i].reset();
    ++removed;
  }
  compact(b);
  return removed;
}

} // namespace

/// Removes declarations and writes of variables and local arrays nothing
/// reads (a tangent of a value used only in a condition, a tangent that only
/// updates itself); parameters keep their declaration.
/// Returns how many ops went.
int deadVariables(Function &f) {
  // A read counts when its value reaches something other than a write of
  // the same variable (t_dot = t_dot * c updates t_dot for nobody).
  std::unordered_map<const Op *, std::vector<const Op *>> users;
  walk(f.body, [&](const Op &o) {
    for (const Op *x : o.operands)
      users[x].push_back(&o);
  });
  // Whether value v reaches only writes of the storage (var or arr) it was
  // read from.
  std::function<bool(const Op *, const Var *, const Array *)> onlyFeeds =
      [&](const Op *v, const Var *var, const Array *arr) {
        for (const Op *u : users[v]) {
          if (var && (u->kind == OpKind::WriteVar || u->kind == OpKind::Decl) &&
              u->var == var)
            continue;
          if (arr && u->kind == OpKind::Store && u->arr == arr)
            continue;
          if (!isPure(*u) || !u->hasResult() || !onlyFeeds(u, var, arr))
            return false;
        }
        return true;
      };
  std::unordered_map<const Var *, bool> read;
  std::unordered_map<const Array *, bool> readArr;
  walk(f.body, [&](const Op &o) {
    if (o.kind == OpKind::ReadVar && !read[o.var] &&
        !onlyFeeds(&o, o.var, nullptr))
      read[o.var] = true;
    if (o.kind == OpKind::Load && !readArr[o.arr] &&
        !onlyFeeds(&o, nullptr, o.arr))
      readArr[o.arr] = true;
    // Snapshots, stashes and calls read what they are given.
    if (o.kind == OpKind::CkptCopy && o.var)
      read[o.var] = true;
    for (const Array *a : o.arrays)
      readArr[a] = true;
  });
  // Only local arrays of the function itself can go.
  auto deadArray = [&](const Array *a) {
    return a && !readArr[a] && a->paramIndex < 0 && !a->isTape &&
           a->runtime == RuntimeClass::None;
  };
  int removed = 0;
  std::function<void(Block &)> sweepVars = [&](Block &b) {
    for (size_t i = b.ops.size(); i-- > 0;) {
      Op &o = *b.ops[i];
      for (auto &r : o.regions)
        sweepVars(*r);
      // A pop into an array is kept whatever reads the array: the tape
      // must shrink as it grew.
      bool dead =
          (varWritten(o) && !read[o.var]) ||
          (arrayWritten(o) && o.kind != OpKind::PopArray && deadArray(o.arr));
      if (dead) {
        b.ops[i].reset();
        ++removed;
      }
    }
    compact(b);
  };
  sweepVars(f.body);
  return removed;
}

int eliminateDeadCode(Function &f) {
  int total = 0;
  for (;;) {
    std::unordered_map<const Op *, int> uses;
    countUses(f.body, uses);
    int n = 0;
    for (int k; (k = sweep(f.body, uses)) > 0;)
      n += k;
    n += deadVariables(f);
    if (n == 0)
      return total;
    total += n;
  }
}

} // namespace adgen
