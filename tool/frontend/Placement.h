// Where a directive applies: the body it stands in, the definition after it,
// the statement after it in a body. Sorted once, looked up by binary search,
// so placing D directives among F definitions and S statements costs
// O((F + S) log S + D log S) instead of O(D (F + S)).
#pragma once

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <vector>

namespace adgen {

class Placement {
public:
  /// `defs`: function definitions; `stmts`: (definition, statement) pairs.
  Placement(const clang::SourceManager &sm,
            std::vector<const clang::FunctionDecl *> defs,
            const std::vector<std::pair<const clang::FunctionDecl *,
                                        const clang::Stmt *>> &stmts);

  /// The innermost definition whose body contains `loc`, or null.
  const clang::FunctionDecl *bodyAround(clang::SourceLocation loc) const;
  /// The first definition that begins after `loc` in the same file, or
  /// null.
  const clang::FunctionDecl *definitionAfter(clang::SourceLocation loc) const;
  /// The first statement of `fd`'s body that begins after `loc`, or null.
  const clang::Stmt *statementAfter(const clang::FunctionDecl *fd,
                                    clang::SourceLocation loc) const;

private:
  bool before(clang::SourceLocation a, clang::SourceLocation b) const {
    return sm.isBeforeInTranslationUnit(a, b);
  }
  const clang::SourceManager &sm;
  std::vector<const clang::FunctionDecl *> byBegin; // by getBeginLoc
  std::vector<const clang::FunctionDecl *> byBody;  // by body begin
  std::vector<clang::SourceLocation> bodyEndSoFar;  // max body end, prefix
  std::map<const clang::FunctionDecl *, std::vector<const clang::Stmt *>>
      stmtsOf; // by begin
};

} // namespace adgen
