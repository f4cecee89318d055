// The pipeline, top to bottom:
//   parse → lower to IR → verify → activity → tangent → verify → emit
#pragma once

#include "driver/Options.h"

namespace adgen {

/// Runs adgen on the options; returns the exit status.
int runPipeline(const Options &o);

} // namespace adgen
