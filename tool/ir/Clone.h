// Copies IR: an op with its regions, or a whole function, remapping values,
// variables and arrays. Used by passes that rewrite a function (inlining,
// jump structuring, the adjoint's preparation).
#pragma once

#include "ir/Builder.h"

#include <map>
#include <memory>
#include <unordered_map>

namespace adgen {

/// Where each value, variable and array of a source function went in a
/// copy, and (for variables and arrays) back.
struct Remap {
  std::unordered_map<const Op *, Op *> values;
  std::map<const Var *, Var *> vars;       // read-only: use mapVar
  std::map<const Array *, Array *> arrays; // read-only: use mapArray

  void mapVar(const Var *from, Var *to);
  void mapArray(const Array *from, Array *to);
  Var *var(const Var *v) const;       // itself when not remapped
  Array *array(const Array *a) const; // itself when not remapped
  /// The source a copy came from; null for a variable or array that is no
  /// copy (one the pass made).
  const Var *source(const Var *copy) const;
  const Array *source(const Array *copy) const;
  /// The same variables and arrays, no values: for copying a region again.
  Remap storageOnly() const;

private:
  std::unordered_map<const Var *, const Var *> varSource;
  std::unordered_map<const Array *, const Array *> arraySource;
};

/// Appends a copy of `o` (with its regions) at the builder's insertion
/// point; operands are mapped through `m`, which learns the copy.
Op *cloneOp(Builder &b, const Op &o, Remap &m);

/// A copy of every op of `src`, appended at the builder's insertion point.
void cloneBlock(Builder &b, const Block &src, Remap &m);

/// f's variables, arrays (strides followed), parameters and arena, copied
/// into d under the same names and mapped in m; no ops.
void copyStorage(const Function &f, Function &d, Remap &m);

/// A deep copy of f (same names, own variables and arrays).
std::unique_ptr<Function> cloneFunction(const Function &f);

/// Replaces every use of `from` in `blk` (and its regions) by `to`.
void replaceUses(Block &blk, const Op *from, Op *to);

} // namespace adgen
