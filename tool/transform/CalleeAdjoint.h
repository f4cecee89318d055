// Callee adjoints (SPEC §4): in reverse mode a call may stay a call, its
// callee getting an adjoint function of its own per activity pattern,
// `adgen_g_grad_<mask>`, called once per call site from the backward sweep
// (joint mode: it re-runs g from the call's saved arguments, then reverses
// it). Generated code then grows with the program, not with the number of
// calls, and recursion works.
//
// Which calls stay calls: every call to a recursive function, and calls to
// a function with a loop that is called from more than one place. The
// callee returns a floating-point value or nothing; a recursive one writes
// through none of its pointer parameters. The backward call must see the
// arrays as the call did: a call at the top level gets copies, made at the
// call, of arrays it reads that the caller writes later and of arrays it
// writes (callCopies); in a region, the callee writes none and the caller
// writes them nowhere (or, for a recursive callee, not after the call:
// ForwardCall.cpp checks).
// A function with custom derivatives (SPEC §8, external: no body) is
// always kept; both modes call the user's functions instead.
#pragma once

#include "ir/Diagnostic.h"
#include "transform/Inline.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adgen {

/// Whether reverse mode can give g an adjoint of its own: a floating-point
/// result or none, no writes through its pointer parameters when it is
/// recursive, no kept library call with effects (a re-run would repeat it).
bool hasOwnAdjoint(const Function &g);

/// How a kept call's backward call gets one of its array arguments:
/// the caller's array itself (None), a fresh array declared like it whose
/// initial values the re-run does not depend on (Fresh: the argument is a
/// local the call first writes, or one the callee never reads), or a copy
/// made just before the call (Copy).
enum class CallCopy { None, Fresh, Copy };

/// For a call at f's top level, per array argument; nullopt for a call in
/// a region, and for one passing an array it writes twice (aliased).
std::optional<std::vector<CallCopy>> callCopies(const Function &f,
                                                const Op &call);

/// Inlines f's calls for reverse mode, keeping those the rule above keeps.
/// `sized` names f's arrays with a size(p, EXPR) clause. Returns the number
/// inlined.
int inlineForAdjoint(Function &f, const std::set<std::string> &sized = {});

/// A copy of callee g prepared for its adjoint as the driver prepares f
/// (driver/Passes.cpp's grad list: inlining, jumps, loop conditions,
/// hoisting).
std::unique_ptr<Function> preparedCallee(const Function &g);

/// Why a call cannot go to a custom derivative: a diagnostic's id and its
/// arguments.
struct CustomRefusal {
  Diag id = Diag::CustomMissing;
  std::vector<std::string> args;
};

/// A call to a function with custom derivatives (SPEC §8): its jvp (grad
/// false) or grad takes a tangent or adjoint for every floating-point
/// parameter, so the mask marks them all (a passive scalar gets a zero
/// tangent, or an adjoint that goes nowhere). Nullopt, with `why`, when
/// the function has none, for a passive array argument, and in reverse
/// mode for an array it writes or a result that is not floating-point.
std::optional<std::vector<bool>>
customMask(const Op &call, bool grad,
           const std::function<bool(const Array *)> &active,
           CustomRefusal &why);

} // namespace adgen
