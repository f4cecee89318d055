#include "frontend/FallOff.h"

#include "frontend/Diagnostics.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"

#include <vector>

namespace adgen {

using namespace clang;

Ending howItEnds(const FunctionDecl *fd, ASTContext &ast) {
  if (fd->getReturnType()->isVoidType() || fd->isMain() || !fd->getBody())
    return Ending::Returns;
  CFG::BuildOptions opts;
  opts.PruneTriviallyFalseEdges = true; // while (true) { ... return; }
  std::unique_ptr<CFG> cfg =
      CFG::buildCFG(fd, fd->getBody(), &ast, opts);
  if (!cfg)
    return Ending::Returns; // no CFG: leave it to the lowering
  std::vector<bool> seen(cfg->getNumBlockIDs());
  std::vector<const CFGBlock *> work{&cfg->getEntry()};
  seen[cfg->getEntry().getBlockID()] = true;
  const CFGBlock *exit = &cfg->getExit();
  bool ends = false;
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    if (b->hasNoReturnElement()) {
      ends = true; // abort(), exit(): ends, but not by falling off
      continue;
    }
    for (const CFGBlock *s : b->succs()) {
      if (!s)
        continue;
      if (s == exit)
        ends = true;
      if (s == exit && b != &cfg->getEntry()) {
        // Into the exit: a return or a throw ends the block, or it falls.
        const Stmt *last = nullptr;
        for (auto it = b->rbegin(); it != b->rend() && !last; ++it)
          if (auto cs = it->getAs<CFGStmt>())
            last = cs->getStmt();
        if (!(last && (isa<ReturnStmt>(last) || isa<CXXThrowExpr>(last))) &&
            !isa_and_nonnull<ReturnStmt>(b->getTerminatorStmt()))
          return Ending::MayFallOff;
      } else if (s == exit) {
        return Ending::MayFallOff; // an empty body
      }
      if (!seen[s->getBlockID()]) {
        seen[s->getBlockID()] = true;
        work.push_back(s);
      }
    }
  }
  return ends ? Ending::Returns : Ending::NeverReturns;
}

bool endsInReturns(const clang::FunctionDecl *fd, clang::ASTContext &ast) {
  switch (howItEnds(fd, ast)) {
  case Ending::MayFallOff:
    report(ast.getDiagnostics(), fd->getBody()->getEndLoc(),
           Diag::FallsOffEnd, {fd->getNameAsString()});
    return false;
  case Ending::NeverReturns:
    report(ast.getDiagnostics(), fd->getLocation(), Diag::NeverReturns,
           {fd->getNameAsString()});
    return false;
  case Ending::Returns:
    break;
  }
  return true;
}

} // namespace adgen
