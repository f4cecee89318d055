// End-to-end check of a reverse-mode derivative by interpretation: f_grad
// against central finite differences of f, through the scalar functional
//   φ(x) = ȳ·f(x) + Σ w·out(x)   (ȳ and w random cotangents),
// whose directional derivative along v must equal ⟨v, Jᵀ(ȳ, w)⟩, the dot
// product of v with what f_grad returns in its *_bar arguments.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen::test {

/// Builds f's adjoint with respect to `wrt` (every floating-point parameter
/// when empty; activeParams adds written arrays), verifies it, checks that
/// its primal result and arrays equal f's exactly, and checks ⟨v, Jᵀw⟩
/// against the finite difference of φ within rtol (relative, floored at 1).
void checkGrad(const Function &f, const std::vector<double> &scalars,
               const std::vector<std::vector<double>> &arrays,
               double rtol = 1e-6, const std::vector<std::string> &wrt = {},
               unsigned seed = 1);

} // namespace adgen::test
