// What a function may do to its parameters: write a struct passed by value
// (SPEC §5: the function's own copy, so its member arrays are copied into
// locals at entry and its scalars held in cells), re-point a `T *&`, name
// a member (see LowerObject.cpp).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <functional>

#include <set>

namespace adgen {

using namespace clang;

/// The parameter an expression is rooted at (through members, subscripts,
/// `&`, `*`, casts), or null.
static const ParmVarDecl *rootParam(const Expr *e) {
  while (e) {
    e = e->IgnoreParenCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(e);
        u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref))
      e = u->getSubExpr();
    else if (const auto *me = dyn_cast<MemberExpr>(e))
      e = me->getBase();
    else if (const auto *as = dyn_cast<ArraySubscriptExpr>(e))
      e = as->getBase();
    else if (const auto *dr = dyn_cast<DeclRefExpr>(e))
      return dyn_cast<ParmVarDecl>(dr->getDecl());
    else
      return nullptr;
  }
  return nullptr;
}

/// Whether `s` may write (a member array of) parameter pd: an assignment,
/// ++/--, a non-const method call or a non-const reference or pointer
/// argument rooted at it, or one of its arrays decaying to a non-const
/// pointer. Conservative: reads only are false.
bool mayWrite(const Stmt *s, const ParmVarDecl *pd) {
  if (!s)
    return false;
  // a[i] reads through the array's decay: only the element's use counts.
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(s)) {
    const Expr *base = as->getBase();
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(base);
        ic && ic->getCastKind() == CK_ArrayToPointerDecay)
      base = ic->getSubExpr();
    return mayWrite(base, pd) || mayWrite(as->getIdx(), pd);
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(s);
      bo && bo->isAssignmentOp() && rootParam(bo->getLHS()) == pd)
    return true;
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && u->isIncrementDecrementOp() && rootParam(u->getSubExpr()) == pd)
    return true;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s);
      mc && mc->getMethodDecl() && !mc->getMethodDecl()->isConst() &&
      rootParam(mc->getImplicitObjectArgument()) == pd)
    return true;
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s);
      oc && oc->getNumArgs() > 0 && rootParam(oc->getArg(0)) == pd)
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(oc->getDirectCallee());
        md && !md->isConst())
      return true;
  if (const auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *fd = call->getDirectCallee())
      for (unsigned i = 0; i < call->getNumArgs() && i < fd->getNumParams();
           ++i)
        if (writesThrough(fd->getParamDecl(i)->getType()) &&
            rootParam(call->getArg(i)) == pd)
          return true;
  // &g.v[k] as a non-const pointer, a non-const reference bound to a
  // member (`double &r = g.a`, `for (double &e : g.v)`).
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && u->getOpcode() == UO_AddrOf &&
      !u->getType()->getPointeeType().isConstQualified() &&
      rootParam(u->getSubExpr()) == pd)
    return true;
  if (const auto *rf = dyn_cast<CXXForRangeStmt>(s);
      rf && rf->getLoopVariable()->getType()->isReferenceType() &&
      !rf->getLoopVariable()->getType().getNonReferenceType().isConstQualified() &&
      rootParam(rf->getRangeInit()) == pd)
    return true;
  if (const auto *ds = dyn_cast<DeclStmt>(s))
    for (const Decl *d : ds->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d);
          vd && vd->getInit() && vd->getType()->isReferenceType() &&
          !vd->getType().getNonReferenceType().isConstQualified() &&
          rootParam(vd->getInit()) == pd)
        return true;
  if (const auto *ic = dyn_cast<ImplicitCastExpr>(s);
      ic && ic->getCastKind() == CK_ArrayToPointerDecay &&
      !ic->getType()->getPointeeType().isConstQualified() &&
      rootParam(ic->getSubExpr()) == pd)
    return true;
  for (const Stmt *c : s->children())
    if (mayWrite(c, pd))
      return true;
  return false;
}

void Lowerer::copyWrittenByValue(const FunctionDecl *fd) {
  std::function<void(Object &)> copy = [&](Object &o) {
    for (auto &[n, inner] : o.objects)
      copy(inner);
    // A std::vector by value: its elements in heap scratch of its size.
    if (auto d = o.arrays.find("data()"); d != o.arrays.end() &&
                                          stdClassOf(o.record) ==
                                              StdClass::Vector &&
                                          o.vars.count("size()")) {
      Array *a = d->second;
      Var *size = o.vars.at("size()");
      Array *local = heapArray(a->name + "_copy", a->elemType,
                               b.readVar(size), size->type);
      Var *i = fn.newVar(uniqueName("adgen_i"), size->type);
      b.countedLoop(i, b.readVar(heapSizes.at(local)),
                    [&](Op *k) { b.store(local, k, b.load(a, k)); });
      d->second = local;
      return;
    }
    // Scalars in cells, which `S &` parameters (a method's self) can take.
    for (auto it = o.vars.begin(); it != o.vars.end();) {
      Var *v = it->second;
      Array *cell = fn.newArray(uniqueName(v->name + "_cell"), v->type);
      cell->scalarLocal = true;
      cell->size = 1;
      b.declArray(cell);
      b.store(cell, b.constant(0, Type::Int), b.readVar(v));
      o.arrays[it->first] = cell;
      it = o.vars.erase(it);
    }
    for (auto &[n, a] : o.arrays) {
      if (a->paramIndex < 0 || a->size <= 0 || isCell(a))
        continue;
      Array *local = copyArray(a, a->name + "_copy"); // LowerLambda.cpp
      local->spelled = a->spelled;
      a = local;
    }
  };
  for (const ParmVarDecl *pd : fd->parameters()) {
    auto it = objects.find(pd);
    if (it == objects.end() || !it->second.byValue ||
        !mayWrite(fd->getBody(), pd))
      continue;
    setLoc(pd->getLocation());
    copy(it->second);
  }
}

/// Whether `s` may re-point pointer parameter pd: an assignment, ++/--,
/// its address, or a `T *&` argument.
bool repointed(const Stmt *s, const ParmVarDecl *pd) {
  if (!s)
    return false;
  auto names = [&](const Expr *e) {
    const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return dr && dr->getDecl() == pd;
  };
  if (const auto *bo = dyn_cast<BinaryOperator>(s);
      bo && bo->isAssignmentOp() && names(bo->getLHS()))
    return true;
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) &&
      names(u->getSubExpr()))
    return true;
  if (const auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *fd = call->getDirectCallee())
      for (unsigned i = 0; i < call->getNumArgs() && i < fd->getNumParams(); ++i)
        if (fd->getParamDecl(i)->getType()->isReferenceType() &&
            !fd->getParamDecl(i)->getType().getNonReferenceType().isConstQualified() &&
            names(call->getArg(i)))
          return true;
  for (const Stmt *c : s->children())
    if (repointed(c, pd))
      return true;
  return false;
}

/// Whether f's body (its member initializers too, and the bodies of the
/// calls returning places that are inlined into it: `m(i, j) = v`) names
/// member fd.
bool namesMember(const FunctionDecl *f, const FieldDecl *fd) {
  std::set<const FunctionDecl *> inlined;
  std::function<bool(const Stmt *)> in = [&](const Stmt *s) {
    if (!s)
      return false;
    if (const auto *me = dyn_cast<MemberExpr>(s); me && me->getMemberDecl() == fd)
      return true;
    if (const auto *call = dyn_cast<CallExpr>(s))
      if (const FunctionDecl *c = call->getDirectCallee())
        if (const FunctionDecl *d = c->getDefinition();
            d && returnsPlace(d) && inlined.insert(d).second &&
            in(d->getBody()))
          return true;
    for (const Stmt *c : s->children())
      if (in(c))
        return true;
    return false;
  };
  if (const auto *cd = dyn_cast_or_null<CXXConstructorDecl>(f))
    for (const CXXCtorInitializer *ci : cd->inits())
      if (ci->getMember() == fd || in(ci->getInit()))
        return true;
  return !f || in(f->getBody());
}

} // namespace adgen
