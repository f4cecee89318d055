// What the driver prints besides code: transform errors shown as clang
// shows its own, and --emit=stats lines for checkpointed loops.
#pragma once

#include "transform/Adjoint.h"

#include <string>

namespace adgen {

/// An error of a transform ("file:line:col: error: ...", then notes) shown
/// as clang shows its own: each with its source line and a caret, then the
/// count.
void printTransformError(const std::string &error);

/// --emit=stats for a checkpointed loop: what a snapshot holds, the tape of
/// a re-run iteration, and the peak its policy predicts.
std::string checkpointLines(const CheckpointReport &r);

} // namespace adgen
