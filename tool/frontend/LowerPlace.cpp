// Places: calls that return a reference or a pointer, and references bound
// to places.
//   double &pick(double *a, int k) { return a[k]; }   pick(w, 2) += x;
//   double *skip(double *p, int n) { p += n; return p; }   *skip(w, 1)
//   auto at = [&x]() -> double & { return x; };   at() *= 2;
// The IR has no references or pointers, so such a call is inlined (a
// lambda's as any lambda call, a function of the file the same way), and
// its returns say which variable, or which array and offset, it names:
// that of one of its parameters or captures, bound to the caller's storage.
// A return that points anywhere else (a null pointer, a local of the
// callee, two different variables) is refused.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

bool returnsPlace(const FunctionDecl *fd) {
  QualType rt = fd->getReturnType();
  if (!rt->isReferenceType() && !rt->isPointerType())
    return false;
  QualType to = rt->getPointeeType();
  return to->isArithmeticType() || to->isEnumeralType();
}

const FunctionDecl *Lowerer::placeCallee(const CallExpr *e) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(e->getCalleeDecl());
  if (md && md->getParent()->isLambda()) // `at()`, `at.operator()()`
    return returnsPlace(md) && md->getOverloadedOperator() == OO_Call ? md
                                                                      : nullptr;
  // A method of the user's returning a place (`m(i, j) = v`, `m.at(i)`):
  // inlined with `this` naming its object (placeCall).
  bool method = md && !md->isStatic() &&
                (isa<CXXMemberCallExpr>(e) || isa<CXXOperatorCallExpr>(e));
  if (!method && (isa<CXXMemberCallExpr>(e) || isa<CXXOperatorCallExpr>(e) ||
                  (md && !md->isStatic())))
    return nullptr;
  const FunctionDecl *callee = e->getDirectCallee();
  const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
  if (!def || !returnsPlace(def) ||
      ast().getSourceManager().isInSystemHeader(def->getLocation()))
    return nullptr;
  return def;
}

std::optional<Lowerer::LValue> Lowerer::placeCall(const CallExpr *e) {
  const FunctionDecl *fd = placeCallee(e);
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  const LambdaDef *def = nullptr;
  if (md && md->getParent()->isLambda() && !(def = lambdaDefOf(e, md)))
    return std::nullopt;
  LambdaCall call;
  std::optional<ThisBinding> self;
  if (md && !def) { // `this` is the object the method is called on
    const Expr *obj = isa<CXXMemberCallExpr>(e)
                          ? cast<CXXMemberCallExpr>(e)->getImplicitObjectArgument()
                          : e->getArg(0);
    Object *o = objectOf(obj);
    if (!o)
      return std::nullopt;
    self.emplace(*this, *o);
  }
  if (!inlineCall(e, fd, def, call))
    return std::nullopt;
  self.reset();
  setLoc(e->getExprLoc());
  if (call.placeVar)
    return LValue{call.placeVar, nullptr, nullptr};
  if (!call.placeArr) { // no return was lowered: it falls off the end
    error(e->getExprLoc(), Diag::ReturnedPlace,
          {call.name, call.nullReturn ? "only null pointers"
                                      : "nothing on some path"});
    return std::nullopt;
  }
  Op *index = isCell(call.placeArr) ? b.constant(0, Type::Int) // a scalar
               : call.placeOffset     ? b.readVar(call.placeOffset)
                                      : call.placeIndex;
  return LValue{nullptr, call.placeArr, index};
}

/// The storage a returned place may be in: what the caller can name
/// (its variables, arrays, pointers' arrays, references' arrays, members
/// of its objects) and the lambda's own copies.
void Lowerer::outerStorage(LambdaCall &call, const LambdaDef *def) {
  for (auto &[vd, v] : vars)
    call.outerVars.insert(v);
  for (auto &[vd, a] : arrays)
    call.outerArrays.insert(a);
  for (auto &[vd, p] : pointers)
    call.outerArrays.insert(p.arr);
  for (auto &[vd, r] : scopes.elementRefs)
    call.outerArrays.insert(r.arr);
  std::function<void(const Object &)> leaves = [&](const Object &o) {
    for (auto &[n, v] : o.vars)
      call.outerVars.insert(v);
    for (auto &[n, a] : o.arrays)
      call.outerArrays.insert(a);
    for (auto &[n, p] : o.pointers) // a member pointing at a caller's array
      call.outerArrays.insert(p.arr);
    for (auto &[n, sub] : o.objects)
      leaves(sub);
  };
  for (auto &[vd, o] : objects)
    leaves(o);
  if (def) {
    for (auto &[vd, v] : def->copies)
      call.outerVars.insert(v);
    for (auto &[vd, a] : def->arrayCopies)
      call.outerArrays.insert(a);
  }
}

void Lowerer::placeReturn(const ReturnStmt *s) {
  LambdaCall &call = *scopes.call;
  const Expr *rv = s->getRetValue();
  if (!rv)
    return;
  auto loc = rv->getExprLoc();
  std::optional<LValue> lv;
  if (call.fd->getReturnType()->isPointerType()) {
    // `return nullptr;` on some path: the caller dereferences the result
    // (comparing a pointer with null is refused, pointerCompare), which is
    // undefined on that path, so only the other paths say where it points.
    if (isNullPointer(rv, ast())) {
      call.nullReturn = true;
      return;
    }
    auto p = pointerOf(rv);
    if (!p)
      return;
    lv = LValue{nullptr, p->arr,
                p->offset ? p->offset : b.constant(0, Type::Int), p->row};
  } else {
    lv = lvalue(rv->IgnoreParenNoopCasts(ast())); // const added
  }
  if (!lv)
    return;
  if (lv->var ? !call.outerVars.count(lv->var)
              : !call.outerArrays.count(lv->arr))
    return error(loc, Diag::ReturnedPlace,
                 {call.name, "a reference or pointer to its own local '" +
                                 sourceText(rv) + "'"});
  if ((call.placeVar || call.placeArr) &&
      (lv->var != call.placeVar || lv->arr != call.placeArr))
    return error(loc, Diag::ReturnedPlace,
                 {call.name, "'" + sourceText(rv) +
                                 "' on one path and another variable on "
                                 "another"});
  call.placeVar = lv->var;
  call.placeArr = lv->arr;
  if (!lv->arr)
    return;
  if (call.placeOffset)
    b.writeVar(call.placeOffset, b.cast(lv->index, Type::Long));
  else
    call.placeIndex = lv->index;
}

bool Lowerer::bindPlace(const VarDecl *vd, const LValue &lv,
                        const std::string &prefix) {
  if (lv.var) {
    vars[vd] = lv.var;
    return true;
  }
  if (lv.index->kind == OpKind::Const) { // a[2], a cell
    scopes.elementRefs[vd] = {lv.arr, nullptr,
                              static_cast<int64_t>(lv.index->num)};
    return true;
  }
  // a[i]: the index once, the element through it.
  Type t = isInteger(lv.index->type) ? lv.index->type : Type::Long;
  Var *i = fn.newVar(uniqueName((prefix.empty() ? "" : prefix + "_") +
                                vd->getNameAsString() + "_index"),
                     t);
  b.decl(i, b.cast(lv.index, t));
  scopes.elementRefs[vd] = {lv.arr, i, 0};
  return true;
}

} // namespace adgen
