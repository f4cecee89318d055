// The user's signature around a flat derivative (ir/Signature.h): for a
// function whose parameters include references or structs, f_grad and f_jvp
// are emitted flat under an internal name, then as the user calls them,
// with shadows of the parameters' own types (SPEC §5's table).
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

/// Whether f is emitted flat plus a wrapper.
bool hasWrapper(const Function &f);

/// The internal name of f's flat version.
std::string flatName(const Function &f);

/// `R f_grad(const S &s, ..., S *s_bar, ...)`: the wrapper's signature.
std::string wrapperSignature(const Function &f);

/// The wrapper's body: the call of the flat version with the leaves.
std::string wrapperBody(const Function &f);

} // namespace adgen
