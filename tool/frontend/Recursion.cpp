// Recursion in the frontend (see Recursion.h).
#include "frontend/Recursion.h"

#include "analysis/Activity.h"
#include "frontend/Diagnostics.h"

namespace adgen {

bool recursionChecked(clang::DiagnosticsEngine &de,
                      const std::vector<clang::SourceLocation> &uses,
                      const clang::FunctionDecl *fd, const Function &f) {
  for (unsigned i = 0; i < f.params.size(); ++i)
    if (f.params[i].arr && writesParamArray(f, i)) {
      report(de, uses.front(), Diag::RecursionWritesArray,
             {fd->getNameAsString(), f.params[i].name()});
      return false;
    }
  return true;
}

} // namespace adgen
