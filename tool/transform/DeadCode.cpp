#include "transform/DeadCode.h"

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
    b.ops.erase(b.ops.begin() + static_cast<long>(i));
    ++removed;
  }
  return removed;
}

} // namespace

/// Removes declarations and writes of variables nothing reads (a tangent of
/// a value used only in a condition); parameters keep their declaration.
/// Returns how many ops went.
int deadVariables(Function &f) {
  std::unordered_map<const Var *, bool> read;
  walk(f.body, [&](const Op &o) {
    if (o.kind == OpKind::ReadVar)
      read[o.var] = true;
  });
  int removed = 0;
  std::function<void(Block &)> sweepVars = [&](Block &b) {
    for (size_t i = b.ops.size(); i-- > 0;) {
      Op &o = *b.ops[i];
      for (auto &r : o.regions)
        sweepVars(*r);
      if ((o.kind == OpKind::Decl || o.kind == OpKind::WriteVar) &&
          !read[o.var]) {
        b.ops.erase(b.ops.begin() + static_cast<long>(i));
        ++removed;
      }
    }
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
