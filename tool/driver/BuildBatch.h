// `batch(...)`: the driver's part of batched kernels (see
// codegen/EmitBatch.h): checks, extents, the per-sample variants of f and
// f_grad added to the module, and the kernels' and launchers' text.
#pragma once

#include "driver/PassRunner.h"
#include "frontend/Frontend.h"
#include "transform/Tangent.h"

#include <string>

namespace adgen {

/// Kernels and launchers over a minibatch for f's primal, f_grad and f_jvp
/// (those requested; grad/jvp may be null); f's self-contained copy is made
/// by the batch passes. Definitions go to batchText, declarations (for
/// --header) to batchDecls. False after a diagnostic.
bool buildBatch(const Function &f, const DiffRequest &req, Function *grad,
                Function *jvp, const PassOptions &po, DerivedModule &dm,
                std::string &batchText, std::string &batchDecls);

} // namespace adgen
