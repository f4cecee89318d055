// Heap scratch locals: `new T[n]`, `malloc(n * sizeof(T))`. Not lowered
// yet (issue 11): refused at the allocation, by name.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

bool Lowerer::heapLocal(const VarDecl *vd) {
  const Expr *init = vd->getInit()->IgnoreParenCasts();
  if (const auto *ne = dyn_cast<CXXNewExpr>(init)) {
    error(ne->getBeginLoc(), Diag::Allocation, {"new"});
    return true;
  }
  const auto *ce = dyn_cast<CallExpr>(init);
  const FunctionDecl *callee = ce ? ce->getDirectCallee() : nullptr;
  if (callee && callee->getIdentifier()) {
    llvm::StringRef n = callee->getName();
    if (n == "malloc" || n == "calloc" || n == "realloc" ||
        n == "aligned_alloc") {
      error(ce->getBeginLoc(), Diag::Allocation, {n});
      return true;
    }
  }
  return false;
}

} // namespace adgen
