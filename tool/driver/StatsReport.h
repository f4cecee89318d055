// The text of --emit=stats: per function, its operation counts; for f_jvp
// the sweeps a full gradient needs, for f_grad the tape per loop iteration
// and what each checkpointed loop holds and recomputes.
#pragma once

#include "frontend/Frontend.h"
#include "transform/Adjoint.h"

#include <string>
#include <vector>

namespace adgen {

/// "function f (primal)" and its counts.
std::string primalStats(const Function &f);

/// f_grad's block: `mask` as for gradDoc, `loops` as the adjoint reported.
std::string gradStats(const Function &f, const Function &grad,
                      const std::vector<bool> &mask,
                      const std::vector<CheckpointReport> &loops);

/// f_jvp's block, with the sweeps forward mode needs for a whole gradient.
std::string jvpStats(const Function &f, const Function &jvp,
                     const std::vector<bool> &mask, const DiffRequest &req);

} // namespace adgen
