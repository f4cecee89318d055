// End-to-end check of a forward-mode derivative by interpretation: f_jvp's
// output tangents against central finite differences of f.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen::test {

/// Builds f's JVP with respect to `wrt` (every floating-point parameter when
/// empty; activeParams adds written arrays), verifies it, and checks at the
/// given inputs (scalars and arrays in parameter order, as for interpret())
/// along a random direction (fixed seed) that
///  - its primal result and arrays equal f's exactly, and
///  - f_dot and every active non-const array's tangent match central
///    finite differences within rtol (relative, floored at 1).
/// Reports through GoogleTest assertions.
void checkJvp(const Function &f, const std::vector<double> &scalars,
              const std::vector<std::vector<double>> &arrays,
              double rtol = 1e-6, const std::vector<std::string> &wrt = {},
              unsigned seed = 1);

} // namespace adgen::test
