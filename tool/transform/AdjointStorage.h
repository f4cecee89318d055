// Reverse mode, adjoint storage: f_grad's signature (the primal's
// parameters, then `p_bar` for each active one, then the seed `f_bar`) and
// the adjoint of every active local, declared zero at the top. The sweeps
// reach adjoints only through it.
#pragma once

#include "analysis/Activity.h"
#include "ir/Builder.h"
#include "ir/Clone.h"
#include "ir/UniqueNames.h"

#include <map>
#include <utility>
#include <vector>

namespace adgen {

/// Where a value lives, as the backward sweep sees it: a scalar variable or
/// an array element (the index is a forward-sweep value).
struct Target {
  const Var *var = nullptr;
  const Array *arr = nullptr;
  Op *idx = nullptr;
  Op *row = nullptr; // of a jagged array (Array::jagged)
  bool operator==(const Target &o) const {
    return var == o.var && arr == o.arr && idx == o.idx && row == o.row;
  }
};

/// Whether two forward-sweep values are equal: equal constants, reads of
/// one variable with no write between them, loads of one element with no
/// store or call between them, and integer arithmetic of such.
bool sameValue(const Op *a, const Op *b);

/// A hash of a value's structure: values sameValue calls equal hash equal,
/// so candidates are found in a table, not by comparing against them all.
size_t valueHash(const Op *v);

/// Whether two targets are one element of the primal: the same variable,
/// or the same array at indices that give the same integer. `a[i] = a[i] *
/// c` lowers its two `i`s apart; the statement's term on a[i] is on itself.
bool sameElement(const Target &x, const Target &y);

/// A hash of a target: elements sameElement calls equal hash equal.
size_t elementHash(const Target &t);

struct AdjointStorage {
  std::map<const Var *, Var *> varAdj;      // scalar adjoints in locals
  std::map<const Var *, Array *> directAdj; // scalar params: *a_bar itself
  std::map<const Array *, Array *> arrAdj;
  // Scalar parameters the function overwrites: their adjoint accumulates in
  // a local, handed to the caller's *p_bar at the end.
  std::vector<std::pair<Var *, Array *>> accumulateInto;
  Var *seed = nullptr; // f_bar, for a floating-point result

  /// Reads, writes and accumulates the adjoint of a target at idx (in row
  /// `row` of a jagged array, else null).
  Op *read(Builder &b, const Target &t, Op *idx, Op *row) const;
  void write(Builder &b, const Target &t, Op *idx, Op *row, Op *v) const;
  void add(Builder &b, const Target &t, Op *idx, Op *row, Op *v) const;
};

/// Declares F's parameters and the primal's variables and arrays (mapped
/// in `m`), the adjoint parameters of the parameters `active` marks, the
/// seed, and zeroed adjoint locals of the values `act` marks active.
AdjointStorage declareAdjointStorage(const Function &g, Function &F,
                                     const std::vector<bool> &active,
                                     const Activity &act, Remap &m,
                                     UniqueNames &names);

} // namespace adgen
