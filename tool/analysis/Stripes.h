// Whether a counted loop writes an array in stripes: iteration t writes only
// elements A·t + [lo, hi] with hi − lo < A (so no element is written by two
// iterations), and reads only elements below its own stripe (written by an
// earlier iteration, or by none). A trajectory buffer written one row per
// step (`hs[(t + 1) * H + i] = f(hs[t * H + j])`) is the example. Such an
// array needs no snapshot: what a re-run of iterations [t0, t1) reads is
// either rewritten by the re-run first or never overwritten after it was
// first written, so memory still holds it.
//
// Indices are taken symbolically: integer constants, the loop's counter,
// counters of counted loops inside (over [init, bound − 1] in their
// bodies), locals declared once inside, and integers the loop does not
// write (symbols, such as H or a size parameter), combined by +, −, unary −,
// integer casts and products by a constant or of an exact value by a
// symbol. Anything else (a load, a division, a while loop's variable) makes
// the answer no.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Whether `loop`, counted by `counter` from `init` (step one), writes array
/// `a` in stripes as above; every op naming `a` in the loop must be a Load or
/// Store of a flat array (no call passes it, no jagged rows or strides).
bool writesInStripes(const Op &loop, const Var *counter, const Op *init,
                     const Array *a);

} // namespace adgen
