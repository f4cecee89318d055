// Hessian-vector products (SPEC §8's hvp(x)): f_hvp is built as the adjoint
// of f's tangent. For T = f_jvp (value f, tangent ḟ = ∇f·ẋ), T's adjoint
// seeded with 0 on the value and f_bar on ḟ leaves f_bar·H·ẋ in the
// adjoint of x and f_bar·∇f in the adjoint of ẋ: value, gradient and HVP
// in one sweep, through everything reverse mode does (checkpointed loops
// re-run their iterations with their tangents, callee adjoints, tapes).
// The algebra is forward-over-reverse's; the build reuses reverse mode
// whole instead of differentiating a tape-driven function once more.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen {

/// What an f_hvp is built from: the positions of f's active parameters
/// and, in T, of their tangents and of ḟ.
struct HvpLayout {
  std::vector<int> active;  // f's parameter index per active parameter
  std::vector<int> tangent; // T's parameter index of each one's tangent
  int resultDot = -1;       // T's parameter index of ḟ
};

/// The layout of T = makeTangent(f, mask) (transform/Tangent.h).
HvpLayout hvpLayout(const Function &f, const Function &t,
                    const std::vector<bool> &mask);

/// The activity mask over T's parameters the adjoint takes: f's active
/// ones, every tangent and ḟ.
std::vector<bool> hvpAdjointMask(const Function &t, const HvpLayout &l);

/// Turns `a`, T's adjoint, into f_hvp with SPEC §8's signature:
/// `R f_hvp(f's params, <tangents of x>, <per active x: x_bar, x_bar_dot>,
/// R f_bar = 1)`. ḟ and its seed become locals, the value's seed a local
/// 0; the adjoint of ẋ is the gradient (x_bar), that of x the HVP
/// (x_bar_dot).
void makeHvpSignature(Function &a, const Function &f, const HvpLayout &l);

} // namespace adgen
