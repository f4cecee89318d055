// Whether a non-void function can run off its end without a return (C++'s
// -Wreturn-type, which adgen's parse keeps quiet with -w).
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace adgen {

enum class Ending {
  Returns,      // every path that ends, ends in a return (or a throw)
  MayFallOff,   // some path reaches the closing brace without a return
  NeverReturns, // no path from the entry ends (for (;;) without a return)
};

/// How the paths through a non-void `fd` end (Returns for void functions).
Ending howItEnds(const clang::FunctionDecl *fd, clang::ASTContext &ast);

/// howItEnds(fd) is Returns; else false after a diagnostic where it falls
/// off or at fd.
bool endsInReturns(const clang::FunctionDecl *fd, clang::ASTContext &ast);

} // namespace adgen
