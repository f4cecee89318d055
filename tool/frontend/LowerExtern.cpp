// Calls kept as they are (SPEC §5 "Calls"): a function of the C/C++ math
// headers that adgen does not differentiate (std::beta, std::ldexp,
// std::ilogb, std::isnan, ...), on scalar arguments. It is lowered as an
// Extern op; the transforms refuse it only where its result turns out
// active (a floating-point result of active arguments), since a derivative
// is then needed and adgen has none.
#include "frontend/Lowerer.h"

#include "clang/AST/NestedNameSpecifier.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

namespace {

/// True when `fd` is declared by <cmath> or <math.h>, or a header they
/// include: the generated file includes <cmath>, so such a call compiles
/// there too (SPEC §4: it includes only standard headers and the runtime).
bool fromMathHeaders(const FunctionDecl *fd, const SourceManager &sm) {
  SourceLocation loc = sm.getExpansionLoc(fd->getCanonicalDecl()->getLocation());
  if (!loc.isValid() || !sm.isInSystemHeader(loc))
    return false;
  for (FileID id = sm.getFileID(loc); id.isValid();) {
    if (auto f = sm.getFileEntryRefForID(id)) {
      llvm::StringRef name = f->getName();
      name = name.substr(name.find_last_of('/') + 1);
      if (name == "cmath" || name == "math.h")
        return true;
    }
    SourceLocation inc = sm.getIncludeLoc(id);
    if (!inc.isValid())
      break;
    id = sm.getFileID(inc);
  }
  return false;
}

/// std::ldexp is <math.h>'s ::ldexp brought into std: spelled as the user
/// did (a call written `std::f` stays `std::f`).
bool spelledStd(const CallExpr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->getCallee()->IgnoreImpCasts());
  if (!ref)
    return false;
  NestedNameSpecifier q = ref->getQualifier();
  if (!q || q.getKind() != NestedNameSpecifier::Kind::Namespace)
    return false;
  const NamespaceDecl *ns = q.getAsNamespaceAndPrefix().Namespace->getNamespace();
  return ns && ns->isStdNamespace();
}

} // namespace

Op *Lowerer::externCall(const CallExpr *e, const FunctionDecl *callee) {
  if (!callee->getIdentifier() || callee->isVariadic() ||
      e->getNumArgs() != callee->getNumParams() ||
      !fromMathHeaders(callee, ast().getSourceManager()))
    return nullptr;
  Diag impure = impureCallDiag(callee);
  if (impure == Diag::RandomInCheckpoint || impure == Diag::IOInCheckpoint ||
      impure == Diag::ClockInCheckpoint)
    return nullptr;
  // Scalars in, a scalar out: nothing else can touch memory.
  auto scalar = [](QualType t) {
    t = t.getCanonicalType();
    return t->isArithmeticType() && !t->isAnyComplexType();
  };
  if (!scalar(callee->getReturnType()))
    return nullptr;
  for (const ParmVarDecl *p : callee->parameters())
    if (!scalar(p->getType()))
      return nullptr;
  auto loc = e->getExprLoc();
  auto rt = typeOf(e->getType(), nullptr, loc);
  if (!rt)
    return nullptr;
  std::vector<Op *> args;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    auto pt = typeOf(callee->getParamDecl(i)->getType(), nullptr, loc);
    Op *v = pt ? expr(e->getArg(i)) : nullptr;
    if (!v)
      return nullptr;
    args.push_back(b.cast(v, *pt));
  }
  // At the call itself, where a refusal points.
  SourceLoc saved = b.currentLoc();
  setLoc(loc);
  Op *c = b.create(OpKind::Extern, *rt, std::move(args));
  b.setLoc(saved);
  c->externName = (spelledStd(e) || callee->isInStdNamespace() ? "std::"
                                                               : "::") +
                  callee->getNameAsString();
  return c;
}

} // namespace adgen
