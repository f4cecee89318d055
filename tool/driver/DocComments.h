// The doc comments of the generated functions: what f_grad and f_jvp
// compute, in words, above their definitions and declarations.
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace adgen {

/// "p, q": the parameters `mask` selects.
std::string paramList(const Function &f, const std::vector<bool> &mask);

/// "Reverse mode (gradient) of f w.r.t. ...".
std::string gradDoc(const Function &f, const std::vector<bool> &mask);

/// "Forward mode (JVP) of f w.r.t. ...".
std::string jvpDoc(const Function &f, const std::vector<bool> &mask);

} // namespace adgen
