#include "transform/DeadCode.h"

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

int eliminateDeadCode(Function &f) {
  std::unordered_map<const Op *, int> uses;
  countUses(f.body, uses);
  int total = 0;
  for (int n; (n = sweep(f.body, uses)) > 0;)
    total += n;
  return total;
}

} // namespace adgen
