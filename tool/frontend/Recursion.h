// Recursion in the frontend: a call to a function being lowered goes to it
// (its parameters are known), and is checked once its body is complete.
#pragma once

#include "ir/IR.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"

#include <vector>

namespace adgen {

/// The recursive calls to f (at `uses`), made while its body was being
/// lowered, checked against the whole body: f may not write through its
/// pointer parameters (the calls' aliasing and global-write checks saw only
/// part of it). False after a diagnostic at the first use.
bool recursionChecked(clang::DiagnosticsEngine &de,
                      const std::vector<clang::SourceLocation> &uses,
                      const clang::FunctionDecl *fd, const Function &f);

} // namespace adgen
