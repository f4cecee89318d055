// The one rule table: the local partial derivative of every primitive with
// respect to each of its operands, built as primal-space IR. Forward mode
// multiplies partials by incoming tangents; reverse mode by the outgoing
// adjoint. Nothing else in adgen knows a derivative.
#pragma once

#include "ir/Builder.h"

namespace adgen {

/// ∂y/∂(operand i) for the op y (whose operands are already in the
/// builder's function). Null for an exact zero (floor, ceil, comparisons).
/// Only asked for floating-point operands.
Op *partial(Builder &b, Op &y, unsigned i);

/// True when partial() knows the op kind.
bool hasRule(const Op &y);

} // namespace adgen
