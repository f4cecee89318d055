#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace adgen {

using namespace clang;

void Lowerer::intoBlock(Block *blk, const std::function<void()> &f) {
  Block *saved = b.block();
  b.setBlock(blk);
  f();
  b.setBlock(saved);
}

void Lowerer::stmt(const Stmt *s) {
  if (!s || failed)
    return;
  setLoc(s->getBeginLoc());
  // Nothing may follow a terminator in the same block.
  if (!b.block()->ops.empty() && isTerminator(*b.block()->ops.back()))
    return;
  if (ownedAllocation(lowering, s)) // the constructor's callers allocate
    return;
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    const auto *c = cast<CompoundStmt>(s);
    return stmtList(std::vector<const Stmt *>(c->body_begin(), c->body_end()));
  }
  case Stmt::NullStmtClass:
    return;
  case Stmt::DeclStmtClass:
    return declStmt(cast<DeclStmt>(s));
  case Stmt::IfStmtClass:
    return ifStmt(cast<IfStmt>(s));
  case Stmt::ForStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
    return loopStmt(s);
  case Stmt::CXXForRangeStmtClass:
    return rangeFor(cast<CXXForRangeStmt>(s));
  case Stmt::BreakStmtClass:
    return breakStmt();
  case Stmt::ContinueStmtClass:
    b.create(OpKind::Continue, Type::Void);
    return;
  case Stmt::ReturnStmtClass: {
    if (scopes.call)
      return lambdaReturn(cast<ReturnStmt>(s));
    const Expr *rv = cast<ReturnStmt>(s)->getRetValue();
    if (result) { // a struct: written through the `result` parameter
      if (initObject(*result, rv, false))
        b.create(OpKind::Return, Type::Void);
      return;
    }
    Op *v = rv ? expr(rv) : nullptr;
    if (failed)
      return;
    if (v)
      v = b.cast(v, fn.retType);
    b.create(OpKind::Return, Type::Void,
             v ? std::vector<Op *>{v} : std::vector<Op *>{});
    return;
  }
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
  case Stmt::LabelStmtClass:
    return error(s->getBeginLoc(), Diag::Goto);
  case Stmt::SwitchStmtClass:
    return switchStmt(cast<SwitchStmt>(s));
  case Stmt::CXXTryStmtClass:
    return error(s->getBeginLoc(), Diag::Exceptions, {"try"});
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    return error(s->getBeginLoc(), Diag::InlineAsm);
  case Stmt::AttributedStmtClass:
    // [[likely]], [[unlikely]], [[assume(...)]]: hints, no effect on values.
    return stmt(cast<AttributedStmt>(s)->getSubStmt());
  default:
    break;
  }
  if (const auto *e = dyn_cast<Expr>(s)) {
    if (!keptCall(e) && !globalCounter(e))
      expr(e);
    return;
  }
  unsupported(s);
}

void Lowerer::stmtList(llvm::ArrayRef<const Stmt *> list) {
  for (size_t i = 0; i < list.size(); ++i) {
    SwitchScope *sw = scopes.sw;
    if (sw && isa<BreakStmt>(list[i]))
      return stmt(list[i]); // what follows never runs
    unsigned before = sw ? sw->breaks : 0;
    stmt(list[i]);
    if (failed || !sw || !sw->fall || sw->breaks == before ||
        i + 1 == list.size())
      continue;
    // A break of the switch may have run: the rest only while it has not.
    setLoc(list[i + 1]->getBeginLoc());
    Op *guard = b.ifOp(b.readVar(sw->fall));
    intoBlock(guard->region(0), [&] { stmtList(list.slice(i + 1)); });
    return;
  }
}

/// `if (double y = g(x))`, `while (int k = next())`: the variable is
/// declared where the condition is evaluated (before the if, in a loop's
/// condition), then tested.
void Lowerer::condDecl(const VarDecl *vd) {
  if (ast().getAsConstantArrayType(vd->getType()))
    return error(vd->getLocation(), Diag::Construct,
                 {"an array declared in a condition",
                  "declare the array before the statement"});
  localVar(vd);
}

void Lowerer::declStmt(const DeclStmt *ds) {
  for (const Decl *d : ds->decls()) {
    if (isa<DecompositionDecl>(d)) {
      error(d->getLocation(), Diag::Construct,
            {"a structured binding declaration ('auto [a, b] = ...')",
             "declare the variables one by one"});
      continue;
    }
    const auto *vd = dyn_cast<VarDecl>(d);
    if (!vd) {
      otherDecl(d, ds);
      continue;
    }
    localVar(vd);
  }
}

/// A declaration that is not a variable: nothing to lower for types, using
/// and the like; an error otherwise.
void Lowerer::otherDecl(const Decl *d, const DeclStmt *ds) {
  // Declarations that generate no code: types (used or not, their
  // variables are checked on their own), using, local function
  // declarations.
  if (isa<TypedefNameDecl>(d) || isa<StaticAssertDecl>(d) ||
      isa<TagDecl>(d) || isa<UsingDecl>(d) || isa<UsingDirectiveDecl>(d) ||
      isa<UsingEnumDecl>(d) || isa<NamespaceAliasDecl>(d) ||
      isa<FunctionDecl>(d) || isa<EmptyDecl>(d))
    return;
  error(d->getLocation(), Diag::Construct,
        {"the declaration '" + sourceText(ds) + "'",
         "declare variables of type double, float, int, long or bool, "
         "or fixed-size arrays of them"});
}

/// `static const double k = 1.38e-23;`: a named constant, read as its
/// value (declRef); it holds no state between calls.
static bool staticConstant(const VarDecl *vd) {
  if (!vd->isStaticLocal() || !vd->getType().isConstQualified() ||
      !vd->getType()->isArithmeticType() || !vd->getInit())
    return false;
  const APValue *k = vd->evaluateValue();
  return k && (k->isInt() || k->isFloat());
}

/// A local variable: an array, a scalar with its initializer, or a
/// reference to a local or a parameter.
void Lowerer::localVar(const VarDecl *vd) {
  setLoc(vd->getLocation());
  if (staticConstant(vd))
    return;
  if (vd->isStaticLocal() || vd->getTLSKind() != VarDecl::TLS_None) {
    error(vd->getLocation(), Diag::StaticLocal, {vd->getName()});
    return;
  }
  if (unusedLocal(vd))
    return;
  QualType qt = vd->getType();
  if (const auto *at = ast().getAsConstantArrayType(qt)) {
    localArray(vd, at);
    return;
  }
  const Expr *rawInit =
      vd->getInit() ? vd->getInit()->IgnoreParenImpCasts() : nullptr;
  // `auto f = [x] { ... };`, `auto f{([x] { ... })};`
  if (const LambdaExpr *le = vd->getInit() ? lambdaOf(vd->getInit()) : nullptr)
    return defineLambda(le, vd->getNameAsString());
  // `auto &g = f;`: calls of g are calls of f's class, inlined as f's.
  if (const auto *rd = qt.getNonReferenceType()->getAsCXXRecordDecl();
      rd && rd->isLambda() && qt->isReferenceType() && scopes.lambdas.count(rd))
    return;
  if (isIterator(qt)) { // `auto it = v.begin();`: a pointer (LowerIterators)
    pointerLocal(vd);
    return;
  }
  if (structLocal(vd))
    return;
  if (qt->isReferenceType()) {
    // `double &r = x;`: another name for the local or parameter x.
    if (const auto *dr = dyn_cast_or_null<DeclRefExpr>(rawInit))
      if (const auto *tv = dyn_cast<VarDecl>(dr->getDecl()))
        if (Var *v = varFor(tv)) {
          vars[vd] = v;
          return;
        }
    const Expr *bound = vd->getInit();
    if (const auto *ewc = dyn_cast_or_null<ExprWithCleanups>(bound))
      bound = ewc->getSubExpr();
    // `double &r = a[i];`, `double &k = pick(w, 2);`: another name for
    // that element or variable (LowerPlace.cpp).
    if (bound && bound->isLValue() && !isa<MaterializeTemporaryExpr>(bound) &&
        !qt.getNonReferenceType()->isPointerType()) {
      auto lv = lvalue(bound->IgnoreParenNoopCasts(ast())); // const added
      if (lv)
        bindPlace(vd, *lv, "");
      return;
    }
    // `const double &r = x * y;`: bound to a temporary, so a copy.
    if (!isa_and_nonnull<MaterializeTemporaryExpr>(bound) ||
        !qt.getNonReferenceType().isConstQualified()) {
      error(vd->getLocation(), Diag::LocalReference, {vd->getName()});
      return;
    }
    qt = qt.getNonReferenceType();
  }
  if (qt->isPointerType()) {
    pointerLocal(vd);
    return;
  }
  auto t = typeOf(qt, vd, vd->getLocation());
  if (!t)
    return;
  Op *init = nullptr;
  if (const Expr *ie = vd->getInit()) {
    init = expr(ie);
    if (!init)
      return;
    init = b.cast(init, *t);
  }
  if (addressTaken.count(vd)) // a call writes it: a cell
    return cellLocal(vd, *t, init);
  Var *v = fn.newVar(uniqueName(vd->getNameAsString()), *t);
  vars[vd] = v;
  b.decl(v, init);
}

void Lowerer::localArray(const VarDecl *vd, const ConstantArrayType *at) {
  std::vector<int64_t> dims;
  QualType elem;
  const ConstantArrayType *cur = at;
  while (cur) {
    dims.push_back(cur->getSize().getSExtValue());
    elem = cur->getElementType();
    cur = ast().getAsConstantArrayType(elem);
  }
  if (const RecordDecl *rd = elem->getAsRecordDecl();
      rd && rd->getDefinition() && dims.size() == 1 &&
      stdClassOf(rd) == StdClass::None) { // S pts[N] (LowerStructArray.cpp)
    structArrayLocal(vd, rd->getDefinition(), dims[0]);
    return;
  }
  auto et = typeOf(elem, vd, vd->getLocation());
  if (!et)
    return;
  Array *a = fn.newArray(uniqueName(vd->getNameAsString()), *et);
  a->dims = dims;
  a->size = 1;
  for (auto e : dims)
    a->size *= e;
  arrays[vd] = a;
  Op *d = b.create(OpKind::DeclArray, Type::Void);
  d->arr = a;
  // Initialiser: constants go into the declaration, the rest are stores.
  // (Under ExprWithCleanups when an element binds a temporary to a
  // reference: `{x, h(2 * x)}` with `h(const double &)`.)
  const Expr *init = vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
  const auto *il = dyn_cast_or_null<InitListExpr>(init);
  if (init && !il && !isa<CXXConstructExpr>(init) &&
      !isa<ImplicitValueInitExpr>(init))
    return (void)error(init->getExprLoc(), Diag::Construct,
                       {"the array initialiser '" + sourceText(init) + "'",
                        "initialise the array from a brace list"});
  if (il)
    initArray(a, il);
}

void Lowerer::initArray(Array *a, const InitListExpr *il) {
  std::vector<const Expr *> flat;
  std::function<void(const InitListExpr *)> flatten =
      [&](const InitListExpr *l) {
        for (const Expr *e : l->inits()) {
          if (const auto *sub = dyn_cast<InitListExpr>(e->IgnoreImplicit()))
            flatten(sub);
          else
            flat.push_back(e);
        }
      };
  flatten(il);
  for (size_t i = 0; i < flat.size() && static_cast<int64_t>(i) < a->size;
       ++i) {
    Expr::EvalResult r;
    if (flat[i]->EvaluateAsRValue(r, ast()) && (r.Val.isFloat() ||
                                                r.Val.isInt())) {
      double v = r.Val.isFloat() ? r.Val.getFloat().convertToDouble()
                                 : static_cast<double>(
                                       r.Val.getInt().getSExtValue());
      if (a->init.size() <= i)
        a->init.resize(i + 1, 0.0);
      a->init[i] = v;
      continue;
    }
    Op *v = expr(flat[i]);
    if (!v)
      return;
    b.store(a, b.constant(static_cast<double>(i), Type::Int),
            b.cast(v, a->elemType));
  }
}

bool Lowerer::conditionPrologue(const Stmt *init, const VarDecl *cv) {
  if (init)
    stmt(init);
  if (cv)
    condDecl(cv);
  return !failed;
}

void Lowerer::ifStmt(const IfStmt *s) {
  if (!conditionPrologue(s->getInit(), s->getConditionVariable()))
    return;
  if (s->isConstexpr()) {
    // Only the branch the (constant) condition selects is compiled.
    bool taken = false;
    if (s->getCond()->EvaluateAsBooleanCondition(taken, ast())) {
      stmt(taken ? s->getThen() : s->getElse());
      return;
    }
  }
  Op *c = cond(s->getCond());
  if (!c)
    return;
  setLoc(s->getBeginLoc());
  Op *op = b.ifOp(c);
  intoBlock(op->region(0), [&] { stmt(s->getThen()); });
  intoBlock(op->region(1), [&] { stmt(s->getElse()); });
}

void Lowerer::loopStmt(const Stmt *s) {
  const Stmt *body = nullptr, *init = nullptr;
  const Expr *c = nullptr, *inc = nullptr;
  LoopKind kind = LoopKind::For;
  const VarDecl *cv = nullptr;
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    cv = f->getConditionVariable();
    init = f->getInit(), c = f->getCond(), inc = f->getInc(),
    body = f->getBody();
  } else if (const auto *w = dyn_cast<WhileStmt>(s)) {
    cv = w->getConditionVariable();
    c = w->getCond(), body = w->getBody(), kind = LoopKind::While;
  } else {
    const auto *d = cast<DoStmt>(s);
    c = d->getCond(), body = d->getBody(), kind = LoopKind::Do;
  }
  stmt(init);
  // `while (T v = e)`: v is set at each test; a scalar is declared before
  // the loop, so that the body sees it however the condition is nested.
  Var *cvar = nullptr;
  if (cv && cv->getInit() && !cv->getType()->isReferenceType() &&
      (cv->getType()->isArithmeticType() || cv->getType()->isEnumeralType()))
    if (auto t = typeOf(cv->getType(), cv, cv->getLocation())) {
      setLoc(cv->getLocation());
      cvar = fn.newVar(uniqueName(cv->getNameAsString()), *t);
      b.decl(cvar, b.constant(0, *t));
      vars[cv] = cvar;
    }
  loopOf(s, kind, [&] {
    if (cvar) {
      if (Op *v = expr(cv->getInit()))
        b.writeVar(cvar, b.cast(v, cvar->type));
    } else if (cv) {
      condDecl(cv); // declared anew at each test
    }
    return failed ? nullptr : c ? cond(c) : b.constant(1, Type::Bool);
  }, [&] { stmt(body); }, [&] {
    if (inc)
      stmt(inc);
  });
}

void Lowerer::loopOf(const Stmt *s, LoopKind kind,
                     const std::function<Op *()> &condition,
                     const std::function<void()> &body,
                     const std::function<void()> &step) {
  setLoc(s->getBeginLoc());
  Op *loop = b.loop(kind);
  auto pol = cx.loopPolicies.find(s);
  if (pol != cx.loopPolicies.end())
    loop->policy = pol->second;
  // The condition, body and increment of a checkpointed loop are re-run in
  // the backward sweep (the init is not): lower them in its scope.
  CheckpointScope scope;
  CheckpointScope *outer = cx.checkpoint;
  auto dir = cx.loopDirectives.find(s);
  if (dir != cx.loopDirectives.end()) {
    scope.directive = dir->second;
    scope.loop = s->getBeginLoc();
    cx.checkpoint = &scope;
  }
  // A break inside the loop is the loop's, not an enclosing switch's.
  SwitchScope *sw = scopes.sw;
  scopes.sw = nullptr;
  ++scopes.loops;
  intoBlock(loop->region(0), [&] {
    if (Op *v = condition())
      b.create(OpKind::Condition, Type::Void, {v});
  });
  intoBlock(loop->region(1), body);
  intoBlock(loop->region(2), step);
  cx.checkpoint = outer;
  scopes.sw = sw;
  --scopes.loops;
}

} // namespace adgen
