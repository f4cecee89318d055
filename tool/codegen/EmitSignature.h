// The user's signature around a flat derivative (ir/Signature.h): for a
// function whose parameters include references or structs, f_grad and f_jvp
// are emitted flat under an internal name, then as the user calls them,
// with shadows of the parameters' own types (SPEC §5's table).
#pragma once

#include "ir/IR.h"

#include <string>

namespace adgen {

/// How a user-facing signature is spelled (codegen/EmitTemplate.cpp): with
/// the template's parameter names, or its arguments, for the types that
/// are a template type parameter (ir/Template.h), with defaults or not.
struct Spelling {
  /// Per template parameter, what to write for its type; null: the
  /// instantiation's own types.
  const std::vector<std::string> *base = nullptr;
  bool defaults = true;
  bool attributes = true; // [[maybe_unused]] on unused parameters
  std::string name;       // empty: f.name
};

/// f's signature as the user calls it (the wrapper's, or the flat one).
std::string publicSignature(const Function &f, const Spelling &s);
std::string signatureOf(const Function &f, const Spelling &s);
std::string wrapperSignature(const Function &f, const Spelling &s);
/// paramText with type `as` (empty: its own).
std::string paramText(const Param &p, bool defaults, const std::string &as);

/// Whether f is emitted flat plus a wrapper.
bool hasWrapper(const Function &f);

/// Whether f's wrapper runs on the host only (it takes a std::vector or
/// std::array, whose data() is a host function to nvcc): then it is not
/// ADGEN_HD; the flat version still is.
bool hostOnly(const Function &f);
/// True when f itself reads std::vector or std::array rows (`m[i].size()`
/// of a std::vector of std::vectors' data): host code, even flat.
bool vectorRows(const Function &f);

/// The internal name of f's flat version.
std::string flatName(const Function &f);

/// `R f_grad(const S &s, ..., S *s_bar, ...)`: the wrapper's signature.
std::string wrapperSignature(const Function &f);

/// The wrapper's body: the call of the flat version with the leaves.
std::string wrapperBody(const Function &f);

} // namespace adgen
