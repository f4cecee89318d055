// `jacobian(x)` (SPEC §8): the driver's part of dense Jacobians. The
// columns are f's active inputs, the rows the floating arrays it writes and
// its floating result; f_jacobian (codegen/EmitJacobian.h) runs an internal
// vector JVP (one sweep, a direction per column) when there are no more
// columns than rows, else an internal adjoint once per row, and decides at
// run time when the extents are not constants.
#pragma once

#include "driver/Options.h"
#include "frontend/Frontend.h"
#include "transform/Tangent.h"

#include <string>

namespace adgen {

/// f_jacobian's definition and declaration appended to `text` and `decls`,
/// its internal JVP and adjoint into dm's module, the choice to `stats`
/// when given; false after a diagnostic (printed).
bool buildJacobian(const Function &f, const DiffRequest &req, const Options &o,
                   DerivedModule &dm, std::string &text, std::string &decls,
                   std::string *stats);

} // namespace adgen
