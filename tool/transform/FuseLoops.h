// Adjacent backward loops over one range run as one loop.
//
// The backward sweep reverses each loop on its own, so a run of loops over
// one range (ADBench GMM's Qtimesx diagonal, then subtract's difference)
// walks it once per loop, each reading back what the one before has just
// written (xcentered_bar[i]). Two reversed loops (ReversedLoop.h), the
// second right after the first with only pure ops between them, of one
// trip count (the same arithmetic on variables neither writes), become one
// loop: the first's body, then the second's, in each iteration. That is
// the same computation when iteration i of the second touches nothing that
// a later iteration of the first touches:
// - neither body has regions, calls, library calls, tape or runtime ops;
// - a variable one body writes, the other neither reads nor writes;
// - where one body stores to an array the other reads or stores (or may be
//   the memory of: parameters and globals may share a buffer, except a
//   shadow and a primal parameter), every such access indexes it at
//   back + c (back the forward index, c one value, the same in both, that
//   no iteration changes), so both touch one element in one iteration;
//   two sums `A[e] += x` (an adjoint's accumulations) need not: sums
//   commute, even into one buffer (in another order they round
//   differently; the values are the same sums).
// The ops between stay after the fused loop; they read nothing the second
// loop writes and nothing in its body reads them but its trip count.
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Fuses f's qualifying runs of backward loops; returns how many loops it
/// merged into the one before.
int fuseBackwardLoops(Function &f);

} // namespace adgen
