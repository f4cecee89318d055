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

#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace adgen {

struct LinearForm {
  // (coefficient or null, leaf). Read coefficients through coefAt: a
  // pending unit scale (see `unit`) is not written into them.
  std::vector<std::pair<Op *, Op *>> terms;
  // Leaf -> its term, once there are more terms than a scan is worth (a
  // long sum's form has a term per summand); only addScaled adds terms.
  std::unordered_map<const Op *, size_t> index;
  // A scale by 1 taken over lazily (takeScaled): the coefficients of terms
  // [0, unitUpTo) that are null or the constant 1 read as `unit`, exactly
  // what rewriting each by `mul(coef, unit)` would have left there. Keeps
  // a long sum's form from being rewritten once per summand.
  Op *unit = nullptr;
  size_t unitUpTo = 0;
  // What the stored coefficients (and `unit`) may be, conservatively: a
  // scale by 1 is taken over lazily only when it would rewrite nothing but
  // nulls and 1s, i.e. no coefficient is 0 or of another type.
  bool anyType = false, mixedTypes = false, anyZero = false;
  Type coefType = Type::Void;

  LinearForm() = default;
  LinearForm(const LinearForm &o) { *this = o; } // index: when asked
  LinearForm(LinearForm &&) = default;
  LinearForm &operator=(const LinearForm &o) {
    terms = o.terms;
    index.clear();
    unit = o.unit;
    unitUpTo = o.unitUpTo;
    anyType = o.anyType;
    mixedTypes = o.mixedTypes;
    anyZero = o.anyZero;
    coefType = o.coefType;
    return *this;
  }
  LinearForm &operator=(LinearForm &&) = default;

  bool empty() const { return terms.empty(); }
  static LinearForm leaf(Op *t) {
    LinearForm f;
    f.terms.push_back({nullptr, t});
    return f;
  }

  /// The coefficient of term i (null = 1).
  Op *coefAt(size_t i) const {
    Op *k = terms[i].first;
    if (unit && i < unitUpTo && (!k || Builder::isConst(k, 1)))
      return unit;
    return k;
  }

  /// Writes a pending unit scale into the coefficients.
  void resolve();
  /// The terms, with every coefficient as coefAt reads it.
  const std::vector<std::pair<Op *, Op *>> &resolved() {
    resolve();
    return terms;
  }

  /// this += c · other (c null = 1).
  void addScaled(Builder &b, const LinearForm &other, Op *c);
  /// The same, where other is not needed afterwards: into an empty form, a
  /// scale by 1 takes other over instead of copying it.
  void takeScaled(Builder &b, LinearForm &&other, Op *c);

  /// The term of `leaf`, or null.
  std::pair<Op *, Op *> *find(const Op *leaf);

  /// Emits Σ coefᵢ · leafᵢ; null when the form is empty (an exact zero).
  /// Each non-unit product is marked as a tangent product.
  /// The sum is formed in type t.
  Op *materialize(Builder &b, Type t) const;

private:
  void note(const Op *k);
  void setCoef(size_t i, Op *k);
};

/// Linear forms of the values of a statement being differentiated.
using LinearForms = std::unordered_map<const Op *, LinearForm>;

/// The one linearization both modes share: the form of primitive `o`
/// (emitted as `n`) from its operands' forms, Σ ∂o/∂xᵢ · form(xᵢ), with the
/// partials from the rule table built at b. `lastUse(i)` says o is the last
/// to read operand i's form, which is then taken over, not copied (a long
/// sum would copy its growing form once per summand). Forward mode then
/// materializes the form (LinearForm::materialize); reverse mode transposes
/// it in the backward sweep. Empty when o has no active operand.
LinearForm linearizeOp(Builder &b, const Op &o, Op &n, LinearForms &lin,
                       const std::function<bool(unsigned)> &lastUse);

} // namespace adgen
