// The function a transform builds (f_grad, f_jvp, a plain copy): the
// function itself, the Builder that adds to it, the map from the source's
// storage and values into it, and the names it may still take. Shared by
// the tangent and both sweeps of the adjoint.
#pragma once

#include "ir/Builder.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"

#include <functional>
#include <string>

namespace adgen {

struct FunctionBuild {
  /// Builds into F; the names of `source` (and of F) are taken.
  FunctionBuild(const Function &source, Function &F) : F(F), b(F) {
    names.sync(source);
  }

  Function &F;
  Builder b;
  Remap m;           // the source's storage and values in F
  UniqueNames names; // of the source, and those unique() gave

  std::string unique(const std::string &base) { return names.fresh(base); }

  Op *zero() { return b.constant(0, Type::Int); }

  /// Builds ops with `emit` and puts them at the very top of F
  /// (declarations the transform discovers it needs).
  void atTop(const std::function<void()> &emit) {
    Builder::Restore restore(b);
    b.setInsertPoint(Builder::InsertPoint::start(&F.body));
    emit();
  }

  /// The number of elements of local array a of F, as an int at the
  /// insertion point: its size, or the count of its declaration at F's top
  /// level (heap scratch); null when neither is known.
  Op *extentOf(const Array *a) {
    if (a->size > 0)
      return b.constant(static_cast<double>(a->size), Type::Int);
    for (auto &op : F.body.ops)
      if (op->kind == OpKind::DeclArray && op->arr == a &&
          op->operands.size() == 1)
        return b.cast(op->operands[0], Type::Int);
    return nullptr;
  }

  /// for (int k = 0; k < count; ++k) { body(k) } at the insertion point.
  Op *forLoop(Op *count, const std::function<void(Op *)> &body,
              const std::string &comment = "") {
    Op *lp = b.countedLoop(F.newVar(unique("k"), Type::Int), count, body);
    lp->comment = comment;
    return lp;
  }
};

} // namespace adgen
