// Counters of the source: `++calls;` on a global integer the function
// otherwise never reads (a call counter, as peers' tests keep). It has no
// effect on any value, so it is kept as it is (a KeptCall `++(::calls)`):
// it runs once per call in the primal, in f_jvp and in f_grad's forward
// sweep. Refused where a re-run would repeat it (a checkpointed loop) and
// where any differentiated function also reads the global's value.
#include "frontend/Lowerer.h"

#include "clang/AST/Expr.h"

namespace adgen {

using namespace clang;

bool Lowerer::globalCounter(const Expr *e) {
  const auto *u = dyn_cast<UnaryOperator>(e->IgnoreParens());
  if (!u || !u->isIncrementDecrementOp())
    return false;
  const auto *dr = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParens());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (!vd || !vd->hasGlobalStorage() || vd->isStaticLocal() ||
      !vd->getType()->isIntegerType() || vd->getType()->isBooleanType() ||
      vd->getType().isVolatileQualified() || !vd->hasExternalFormalLinkage() ||
      !vd->getDeclContext()->getRedeclContext()->isFileContext())
    return false;
  if (cx.checkpoint) {
    error(dr->getLocation(), Diag::GlobalWrite, {vd->getName()});
    return true;
  }
  if (cx.globalReads.count(vd)) {
    counterRead(vd, dr->getLocation());
    return true;
  }
  cx.counters.insert(vd);
  // Declared `extern` in the output like a global the function reads.
  auto t = typeOf(vd->getType(), vd, dr->getLocation());
  if (!t)
    return true;
  std::string name = "::" + vd->getQualifiedNameAsString();
  bool known = false;
  for (auto &v : fn.vars)
    known = known || (v->global && v->name == name);
  if (!known)
    fn.newVar(name, *t)->global = true;
  Op *c = b.create(OpKind::KeptCall, Type::Void);
  c->externName = u->isIncrementOp() ? "++" : "--";
  c->literals = {name};
  c->argOrder = {~0};
  return true;
}

void Lowerer::counterRead(const VarDecl *vd, SourceLocation loc) {
  std::string n = vd->getNameAsString();
  error(loc, Diag::Construct,
        {"reading and counting up global '" + n +
             "' in the differentiated functions",
         "keep '" + n + "' write-only there (++" + n +
             ";), or pass it as a parameter"});
}

} // namespace adgen
