// The pipeline, top to bottom (the passes of each step: driver/Passes.cpp):
//   lowering → for each request: grad, jvp, batch → emit
#pragma once

#include "driver/Options.h"

namespace adgen {

/// Runs adgen on the options; returns the exit status.
int runPipeline(const Options &o);

} // namespace adgen
