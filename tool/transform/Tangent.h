// Forward mode: builds f_jvp from f. The result is a new function that
// computes f's value and, beside every active value, its tangent, with the
// signature of SPEC §4. Callees get specialised derivatives per activity
// pattern (or a plain copy where nothing active reaches them).
#pragma once

#include "ir/Diagnostic.h"
#include "ir/ExtentExpr.h"
#include "ir/IR.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace adgen {

struct TangentOptions {
  std::string name;         // e.g. "f_jvp"
  std::vector<bool> active; // per primal parameter
  // Vector mode (SPEC §8's width): K tangents per active value; -1 for
  // width(dynamic), a run-time `int adgen_width`; 0: one tangent. The
  // function must have no calls left with active arguments (inline them
  // first: transform/Inline.h).
  int64_t width = 0;
  // size(p, EXPR) clauses: a pointer parameter's extent n lays out its K
  // tangents as p_dot[k * n + i].
  std::map<std::string, Extent> sizes{};
};

/// Derivative functions built so far, in an order where callees come first.
/// A callee adjoint in split mode: the forward half runs g and tapes, the
/// backward half reverses it from the tape (both null when g cannot be
/// split: the call then runs in joint mode).
struct SplitAdjoint {
  Function *fwd = nullptr, *rev = nullptr;
};

class DerivedModule {
public:
  Module module;
  /// The first construct a tangent could not be built for (a kept library
  /// call whose result is active); the tangents are incomplete then.
  std::optional<Diagnostic> error;
  /// --callees=joint: no split mode (callee adjoints re-run their callee).
  bool jointOnly = false;
  /// The specialisation of `g` for the activity mask (built on first use).
  Function *tangentOf(const Function &g, const std::vector<bool> &mask);
  /// A copy of `g` under an internal name (for calls where nothing is
  /// active).
  Function *primalCopyOf(const Function &g);
  /// g's adjoint for the activity mask, `adgen_g_grad_<mask>` (built on
  /// first use, transform/CalleeAdjoint.cpp); null after an error, in
  /// `error`.
  Function *adjointOf(const Function &g, const std::vector<bool> &mask);
  /// g's adjoint for the mask in split mode, `adgen_g_fwd_<mask>` and
  /// `adgen_g_rev_<mask>` (transform/SplitAdjoint.cpp); both null when g
  /// is recursive, has a checkpointed loop or kept calls, or the halves
  /// would share more than tapes.
  SplitAdjoint splitOf(const Function &g, const std::vector<bool> &mask);

  /// Removes the internal functions built since module.functions[from]
  /// that no function of the module calls any more (the tangents an hvp's
  /// adjoint inlined), and forgets them.
  void dropUncalledSince(size_t from);

private:
  std::map<std::pair<const Function *, std::string>, Function *> cache;
};

/// "101" for an activity mask (internal derivative names).
std::string maskString(const std::vector<bool> &m);

/// Builds the JVP of `f` into `out` and returns it (makeTangent, then dead
/// code removed).
Function *buildTangent(DerivedModule &out, const Function &f,
                       const TangentOptions &opts);

/// The tangent pass alone: f_jvp before dead-code removal, not yet in `out`
/// (the callee tangents it calls are, ahead of where it goes).
std::unique_ptr<Function> makeTangent(DerivedModule &out, const Function &f,
                                      const TangentOptions &opts);

/// Which parameters are active for a request: the listed ones (or every
/// floating-point one when `all`), plus every non-const floating-point array
/// the function writes.
std::vector<bool> activeParams(const Function &f, bool all,
                               const std::vector<std::string> &wrt);

} // namespace adgen
