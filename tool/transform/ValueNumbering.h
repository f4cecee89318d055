// Local value numbering: within each block, an op that computes what an
// earlier op of the block computed (the same arithmetic on the same
// operands, a second read of a variable or element nothing wrote in
// between, the same constant) is replaced by that op, and arithmetic on
// constants is folded. The tangent of f that f_hvp reverses repeats the
// primal's partials (`100 * a` for the value and again for the tangent);
// numbered once, the adjoint tapes each once.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Numbers f's values; returns how many ops it replaced or folded. The
/// replaced ops stay, unused, for eliminateDeadCode. Without
/// foldConstants, arithmetic on constants stays as the source wrote it
/// (`2.0 * 3.14159`).
/// With `after` (an op of f's body), only the body's ops after it and
/// their regions are numbered.
int numberValues(Function &f, bool foldConstants = true,
                 const Op *after = nullptr);

/// Numbers b's ops after `after` (from the first when null) and before
/// `until`, no constants folded: the bookkeeping the sweeps add before a
/// loop (a tape reservation's trip counts) without touching the primal's
/// own ops around it.
int numberOps(Block &b, const Op *after, const Op *until);

/// Whether arrays a and b may be one memory: parameters and globals may be
/// (a caller may pass one buffer twice); locals are their own.
bool mayAlias(const Array *a, const Array *b);

} // namespace adgen
