// Whether a non-void function can run off its end without a return (C++'s
// -Wreturn-type, which adgen's parse keeps quiet with -w).
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace adgen {

/// True when some path from the entry reaches the closing brace of `fd`'s
/// body without a return, a throw or a call that does not return.
bool mayFallOffEnd(const clang::FunctionDecl *fd, clang::ASTContext &ast);

} // namespace adgen
