#include "transform/ValueNumbering.h"

#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace adgen {
namespace {

/// What an op computes, as far as numbering can tell.
using Key = std::tuple<OpKind, Type, std::uint64_t, int, const void *,
                       std::vector<const Op *>>;

std::uint64_t bitsOf(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

/// Whether numbering may merge op with an equal earlier one: arithmetic
/// and reads (library calls may have effects; results of pops differ).
bool numbered(const Op &op) {
  if (!op.regions.empty() || !op.hasResult())
    return false;
  switch (effectOf(op.kind)) {
  case Effect::None:
    return op.kind != OpKind::Extern && op.kind != OpKind::NonNull;
  case Effect::ReadVar:
  case Effect::ReadArray:
    return true;
  default:
    return false;
  }
}

/// a k b in type t, as C++ computes it; false when not folded.
bool fold(OpKind k, Type t, double a, double b, double &r) {
  if (t != Type::Double && t != Type::Float)
    return false;
  bool f32 = t == Type::Float;
  auto in = [&](double x) { return f32 ? double(float(x)) : x; };
  switch (k) {
  case OpKind::Add:
    r = f32 ? double(float(a) + float(b)) : a + b;
    break;
  case OpKind::Sub:
    r = f32 ? double(float(a) - float(b)) : a - b;
    break;
  case OpKind::Mul:
    r = f32 ? double(float(a) * float(b)) : a * b;
    break;
  default:
    return false;
  }
  r = in(r);
  return true;
}

class Numbering {
public:
  explicit Numbering(bool foldConstants) : fold_(foldConstants) {}
  int changed = 0;

  void block(Block &b, const Op *after = nullptr, const Op *until = nullptr) {
    std::map<Key, Op *> seen;
    bool skipping = after != nullptr;
    for (auto &up : b.ops) {
      Op &op = *up;
      if (skipping) {
        skipping = &op != after;
        continue;
      }
      if (&op == until)
        break;
      for (Op *&o : op.operands) {
        auto it = same_.find(o);
        if (it != same_.end())
          o = it->second;
      }
      for (auto &r : op.regions)
        block(*r);
      forget(op, seen);
      if (fold_ && op.kind != OpKind::Const && foldable(op))
        ++changed; // then numbered as the constant it is

      if (!numbered(op))
        continue;
      Key k{op.kind,
            op.type,
            op.kind == OpKind::Const ? bitsOf(op.num) : 0,
            static_cast<int>(op.fn),
            op.var ? static_cast<const void *>(op.var) : op.arr,
            {op.operands.begin(), op.operands.end()}};
      auto [at, fresh] = seen.emplace(k, &op);
      if (!fresh) {
        same_[&op] = at->second;
        ++changed;
      }
    }
  }

private:
  bool fold_;
  std::unordered_map<const Op *, Op *> same_;

  /// Turns op into a constant when both its operands are.
  bool foldable(Op &op) {
    if (op.operands.size() != 2 || op.operands[0]->kind != OpKind::Const ||
        op.operands[1]->kind != OpKind::Const)
      return false;
    double r;
    if (!fold(op.kind, op.type, op.operands[0]->num, op.operands[1]->num, r))
      return false;
    op.kind = OpKind::Const;
    op.num = r;
    op.operands.clear();
    op.tangentProduct = false;
    return true;
  }

  /// Drops the reads op may change: a write of the variable or array (or of
  /// a parameter array, for loads of parameter arrays), and every read
  /// after a call, a region or a runtime op.
  static void forget(const Op &op, std::map<Key, Op *> &seen) {
    Effect e = effectOf(op.kind);
    bool all = !op.regions.empty() || e == Effect::Call ||
               e == Effect::Runtime || e == Effect::Control;
    const Array *arr = arrayWritten(op);
    if (!all && e != Effect::WriteVar && !arr)
      return;
    for (auto it = seen.begin(); it != seen.end();) {
      OpKind k = std::get<0>(it->first);
      const void *what = std::get<4>(it->first);
      bool read = k == OpKind::ReadVar || k == OpKind::Load;
      bool hit = all || (e == Effect::WriteVar && what == op.var) ||
                 (arr && (what == arr ||
                          (k == OpKind::Load &&
                           mayAlias(arr, static_cast<const Array *>(what)))));
      it = read && hit ? seen.erase(it) : std::next(it);
    }
  }
};

} // namespace

int numberValues(Function &f, bool foldConstants, const Op *after) {
  Numbering n(foldConstants);
  n.block(f.body, after);
  return n.changed;
}

int numberOps(Block &b, const Op *after, const Op *until) {
  Numbering n(/*foldConstants=*/false);
  n.block(b, after, until);
  return n.changed;
}

bool mayAlias(const Array *a, const Array *b) {
  auto outside = [](const Array *x) {
    return x && (x->paramIndex >= 0 || x->global);
  };
  return outside(a) && outside(b);
}

} // namespace adgen
