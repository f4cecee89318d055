// Backward loops run first iteration first where their iterations commute.
//
// The backward sweep reverses every loop: `for (k = 0; k < n; ++k)` with
// the forward index i = n - 1 - k. An iteration of many adjoint loops only
// adds into adjoint elements (`x_bar[i] += ...`, `icf_bar[idx] += ...`) and
// steps a counter back (`--idx_back`); such iterations commute, and run in
// forward order the loop walks memory upwards, its index is k itself and
// the stepped counter is an affine function of it (ADBench GMM's Qtimesx
// triangle: the counter no longer carries a dependence from one iteration
// to the next).
//
// A backward loop is run forwards when its body has no regions and no
// effects but these: every store is `A[e] = A[e] + x` or `A[e] = A[e] - x`
// whose load of A[e] (same index ops) and sum feed nothing else, with no
// store between that load and its own (two such sums commute even on one
// buffer), A is read nowhere else in the body, and no other array the body
// reads may be A's memory (parameters and globals may be one buffer,
// except an adjoint parameter and a primal one: a shadow is its own
// memory, as in Enzyme and Clad);
// every write of a variable is a stepped counter's `v = v - 1` or
// `v = v + 1`, the body reading v before it only there; the reversed index
// is read only as `(n - 1) - k`. Floating-point sums then add in another
// order (rounding differs; the values are the same sums).
#pragma once

#include "ir/IR.h"

namespace adgen {

/// Runs f's qualifying backward loops forwards; returns how many.
int runCommutingLoopsForward(Function &f);

} // namespace adgen
