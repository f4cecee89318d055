// A tangent kept symbolic within a statement: Σ coefᵢ · leafᵢ, where each
// leaf is an incoming tangent (a read of x_dot, a load of a_dot[i], a call's
// output tangent) and each coefficient a primal-space value (null = 1).
//
// This is statement-level preaccumulation: the local partials of a whole
// expression are computed from primal values, and each incoming tangent is
// multiplied once, where the statement's result is written. For the seed's
// neuron this is exactly its count: one product per multiplication cell,
// one for tanh, one for the loss.
#pragma once

#include "ir/Builder.h"

#include <utility>
#include <vector>

namespace adgen {

struct LinearForm {
  std::vector<std::pair<Op *, Op *>> terms; // (coefficient or null, leaf)

  bool empty() const { return terms.empty(); }
  static LinearForm leaf(Op *t) { return LinearForm{{{nullptr, t}}}; }

  /// this += c · other (c null = 1).
  void addScaled(Builder &b, const LinearForm &other, Op *c);

  /// Emits Σ coefᵢ · leafᵢ; null when the form is empty (an exact zero).
  /// Each non-unit product is marked as a tangent product.
  /// The sum is formed in type t.
  Op *materialize(Builder &b, Type t) const;
};

} // namespace adgen
