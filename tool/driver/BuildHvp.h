// `hvp(x)` (SPEC §8): the driver's part of Hessian-vector products. f's
// tangent is built, and its adjoint by the grad passes, into f_hvp
// (transform/Hvp.h).
#pragma once

#include "driver/Options.h"
#include "frontend/Frontend.h"
#include "transform/Adjoint.h"
#include "transform/Tangent.h"

#include <memory>
#include <vector>

namespace adgen {

/// f_hvp into dm's module; null after a diagnostic (printed). The tangent
/// it is built from goes to `keep` (callee adjoints may refer to it).
Function *buildHvp(const Function &f, const DiffRequest &req, const Options &o,
                   DerivedModule &dm, std::vector<CheckpointReport> &loops,
                   std::vector<std::unique_ptr<Function>> &keep);

} // namespace adgen
