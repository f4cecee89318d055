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

#include <unordered_map>
#include <utility>
#include <vector>

namespace adgen {

struct LinearForm {
  std::vector<std::pair<Op *, Op *>> terms; // (coefficient or null, leaf)
  // Leaf -> its term, once there are more terms than a scan is worth (a
  // long sum's form has a term per summand); only addScaled adds terms.
  std::unordered_map<const Op *, size_t> index;

  LinearForm() = default;
  LinearForm(const LinearForm &o) : terms(o.terms) {} // index: when asked
  LinearForm(LinearForm &&) = default;
  LinearForm &operator=(const LinearForm &o) {
    terms = o.terms;
    index.clear();
    return *this;
  }
  LinearForm &operator=(LinearForm &&) = default;

  bool empty() const { return terms.empty(); }
  static LinearForm leaf(Op *t) {
    LinearForm f;
    f.terms.push_back({nullptr, t});
    return f;
  }

  /// this += c · other (c null = 1).
  void addScaled(Builder &b, const LinearForm &other, Op *c);

  /// The term of `leaf`, or null.
  std::pair<Op *, Op *> *find(const Op *leaf);

  /// Emits Σ coefᵢ · leafᵢ; null when the form is empty (an exact zero).
  /// Each non-unit product is marked as a tangent product.
  /// The sum is formed in type t.
  Op *materialize(Builder &b, Type t) const;
};

} // namespace adgen
