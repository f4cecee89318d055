// Constructors that allocate their pointer members (SPEC §5: `new` scratch
// locals): `M(int n) : d(new double[n]) {}`, or `d = new T[r * c];` as a
// statement of the constructor's body, as matrix classes are written. A
// local of such a class owns a heap scratch array (LowerHeap.cpp) that the
// caller declares where the local is constructed, counted by the
// constructor's arguments; the member points at it, and the constructor,
// lowered as a callee, skips the allocation. The destructor's `delete[]`
// ends nothing the output has to end (the scratch frees itself).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

/// The member `s` allocates, when `s` is `m = new T[n];` (or `this->m`).
static const FieldDecl *allocatedMember(const Stmt *s, const CXXNewExpr *&ne) {
  const auto *bo = dyn_cast_or_null<BinaryOperator>(s);
  if (!bo || bo->getOpcode() != BO_Assign)
    return nullptr;
  const auto *me = dyn_cast<MemberExpr>(bo->getLHS()->IgnoreParenImpCasts());
  ne = dyn_cast<CXXNewExpr>(bo->getRHS()->IgnoreParenImpCasts());
  if (!me || !ne || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
  return fd && fd->getType()->isPointerType() ? fd : nullptr;
}

bool ownedAllocation(const FunctionDecl *f, const Stmt *s) {
  const auto *cd = dyn_cast_or_null<CXXConstructorDecl>(f);
  const auto *body =
      cd ? dyn_cast_or_null<CompoundStmt>(cd->getBody()) : nullptr;
  const CXXNewExpr *ne = nullptr;
  return body && allocatedMember(s, ne) &&
         std::find(body->body_begin(), body->body_end(), s) != body->body_end();
}

/// The allocations of cd: its member initializers' and its body's own.
static std::vector<std::pair<const FieldDecl *, const CXXNewExpr *>>
allocations(const CXXConstructorDecl *cd) {
  std::vector<std::pair<const FieldDecl *, const CXXNewExpr *>> out;
  for (const CXXCtorInitializer *ci : cd->inits())
    if (const auto *ne =
            ci->getMember() && ci->getInit()
                ? dyn_cast<CXXNewExpr>(ci->getInit()->IgnoreParenImpCasts())
                : nullptr)
      out.push_back({ci->getMember(), ne});
  if (const auto *body = dyn_cast_or_null<CompoundStmt>(cd->getBody()))
    for (const Stmt *s : body->body()) {
      const CXXNewExpr *ne = nullptr;
      if (const FieldDecl *fd = allocatedMember(s, ne))
        out.push_back({fd, ne});
    }
  return out;
}

bool Lowerer::ownedBuffers(const CXXConstructExpr *ce, Object &obj) {
  std::string prefix = obj.prefix.empty() ? "buffer" : obj.prefix;
  const CXXConstructorDecl *cd = ce->getConstructor();
  for (auto [fd, ne] : allocations(cd)) {
    std::string n = fd->getNameAsString();
    QualType elem = fd->getType()->getPointeeType();
    const Expr *in = ne->getInitializer();
    bool valueInit = !in || isa<CXXScalarValueInitExpr>(in) ||
                     isa<ImplicitValueInitExpr>(in);
    auto t = elem->isArithmeticType() ? typeOf(elem, fd, ne->getBeginLoc())
                                      : std::nullopt;
    if (!ne->isArray() || !ne->getArraySize() || ne->getNumPlacementArgs() ||
        !valueInit || !t) {
      error(ne->getBeginLoc(), Diag::HeapForm, {sourceText(ne)});
      return false;
    }
    // The count reads the constructor's parameters: bound to the call's
    // arguments (evaluated here and again by the call, so without effects).
    const Expr *count = *ne->getArraySize();
    std::set<const ParmVarDecl *> read; // the parameters the count reads
    std::function<bool(const Stmt *)> plain = [&](const Stmt *s) {
      if (const auto *dr = dyn_cast<DeclRefExpr>(s)) {
        const auto *pd = dyn_cast<ParmVarDecl>(dr->getDecl());
        Expr::EvalResult r;
        if (!pd)
          return dr->EvaluateAsRValue(r, ast());
        unsigned k = pd->getFunctionScopeIndex();
        read.insert(pd);
        return k < ce->getNumArgs() &&
               pd->getType()->isIntegralOrEnumerationType() &&
               !ce->getArg(k)->HasSideEffects(ast()) &&
               !mayWrite(cd->getBody(), pd);
      }
      if (isa<CXXThisExpr>(s) || isa<CallExpr>(s))
        return false;
      for (const Stmt *c : s->children())
        if (c && !plain(c))
          return false;
      return true;
    };
    if (!plain(count)) {
      error(count->getExprLoc(), Diag::Construct,
            {"a constructor's allocation counted by more than its parameters",
             "count it by the constructor's parameters alone "
             "(`d = new double[rows * cols];`)"});
      return false;
    }
    for (const ParmVarDecl *pd : cd->parameters()) // in their order
      if (read.count(pd) &&
          !lambdaParam(pd, ce->getArg(pd->getFunctionScopeIndex()), prefix))
        return false;
    Op *c = expr(count->IgnoreImpCasts());
    for (const ParmVarDecl *pd : read)
      vars.erase(pd);
    if (!c)
      return false;
    if (!isInteger(c->type)) {
      error(count->getExprLoc(), Diag::HeapForm, {sourceText(ne)});
      return false;
    }
    Array *a = heapArray(prefix + "_" + n, *t, c, Type::Long);
    obj.nulls.erase(n);
    obj.pointers[n] = PointerLocal{a, nullptr, 0};
  }
  return true;
}

} // namespace adgen
