// Heap scratch locals: `new T[n]`, `malloc(n * sizeof(T))`, a
// `std::vector<T> v(n)` used as a local array.
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

bool Lowerer::heapLocal(const VarDecl *vd) {
  const Expr *init = vd->getInit()->IgnoreParenImpCasts();
  if (const auto *ne = dyn_cast<CXXNewExpr>(init)) {
    error(ne->getBeginLoc(), Diag::Allocation, {"new"});
    return true;
  }
  return false;
}

} // namespace adgen
