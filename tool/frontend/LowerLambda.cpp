// Lambdas defined and called inside the function: each call is inlined.
//   auto sq = [&](double t) { return t * t; };  ...  sq(x)
// becomes `double sq_t = x; double sq_result = sq_t * sq_t;` where the call
// stands. Captures by reference are the variables themselves; captures by
// value are copies made where the lambda is defined (a mutable lambda
// keeps changing its copies from call to call, as in C++). A return before
// the end of the body clears a `running` flag that guards what follows.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace adgen {

using namespace clang;

namespace {

/// The returns of `s` (not those of lambdas inside it).
unsigned countReturns(const Stmt *s) {
  if (!s || isa<LambdaExpr>(s))
    return 0;
  unsigned n = isa<ReturnStmt>(s);
  for (const Stmt *c : s->children())
    n += countReturns(c);
  return n;
}

/// True when the body's only return is its last statement (or it has none).
bool returnsAtEndOnly(const Stmt *body) {
  unsigned n = countReturns(body);
  const auto *c = dyn_cast<CompoundStmt>(body);
  return n == 0 ||
         (n == 1 && c && !c->body_empty() && isa<ReturnStmt>(c->body_back()));
}

} // namespace

Array *Lowerer::copyArray(Array *a, const std::string &name) {
  Array *cp = fn.newArray(uniqueName(name), a->elemType);
  cp->dims = a->dims;
  cp->size = a->size;
  b.create(OpKind::DeclArray, Type::Void)->arr = cp;
  Var *i = fn.newVar(uniqueName("adgen_i"), Type::Int);
  b.countedLoop(i, b.constant(static_cast<double>(a->size), Type::Int),
                [&](Op *k) { b.store(cp, k, b.load(a, b.readVar(i))); });
  return cp;
}

void Lowerer::defineLambda(const LambdaExpr *le, const std::string &name) {
  setLoc(le->getBeginLoc());
  LambdaDef def{name, {}, {}};
  for (const LambdaCapture &c : le->captures()) {
    const auto *vd = c.capturesVariable()
                         ? dyn_cast<VarDecl>(c.getCapturedVar())
                         : nullptr;
    if (!vd)
      return error(c.getLocation(), Diag::Construct,
                   {"a lambda capturing 'this'",
                    "capture the variables the lambda uses"});
    if (vd->isInitCapture()) { // [y = x * 2]: a variable of its own
      localVar(vd);
      continue;
    }
    if (c.getCaptureKind() != LCK_ByCopy)
      continue;
    std::string copy = name + "_" + vd->getNameAsString();
    if (auto el = elementRef(vd))
      b.decl(def.copies[vd] = fn.newVar(uniqueName(copy), el->arr->elemType),
             read(*el));
    else if (Var *v = varFor(vd))
      b.decl(def.copies[vd] = fn.newVar(uniqueName(copy), v->type),
             b.readVar(v));
    else if (arrays.count(vd) && ast().getAsConstantArrayType(vd->getType()))
      def.arrayCopies[vd] = copyArray(arrays[vd], copy);
    // a pointer captured by value points to the same array
  }
  scopes.lambdas[le->getLambdaClass()] = std::move(def);
}

bool Lowerer::lambdaParam(const ParmVarDecl *pd, const Expr *arg,
                          const std::string &prefix) {
  QualType pt = pd->getType();
  if (pt->isPointerType() ||
      ast().getAsConstantArrayType(pt.getNonReferenceType())) {
    Array *a = arrayOf(arg); // the same array, under the parameter's name
    if (a)
      arrays[pd] = a;
    return a != nullptr;
  }
  bool constRef = pt->isReferenceType() &&
                  pt.getNonReferenceType().isConstQualified();
  if (pt->isReferenceType() && (!constRef || arg->isLValue())) {
    auto lv = lvalue(arg);
    if (!lv)
      return false;
    if (lv->var) {
      vars[pd] = lv->var;
      return true;
    }
    // a[i]: the index once, the element through it.
    Var *i = fn.newVar(uniqueName(prefix + "_" + pd->getNameAsString() +
                                  "_index"),
                       Type::Int);
    b.decl(i, b.cast(lv->index, Type::Int));
    scopes.elementRefs[pd] = {lv->arr, i};
    return true;
  }
  auto t = typeOf(pt.getNonReferenceType(), pd, pd->getLocation());
  Op *v = t ? expr(arg) : nullptr;
  if (!v)
    return false;
  Var *p = fn.newVar(uniqueName(prefix + "_" + pd->getNameAsString()), *t);
  b.decl(p, b.cast(v, *t));
  vars[pd] = p;
  return true;
}

Op *Lowerer::lambdaCall(const CXXOperatorCallExpr *e, const CXXMethodDecl *md) {
  auto it = scopes.lambdas.find(md->getParent());
  if (it == scopes.lambdas.end()) {
    // Called where it is written: `[&] { ... }()`.
    if (const auto *le = dyn_cast<LambdaExpr>(e->getArg(0)->IgnoreImplicit()))
      defineLambda(le, "lambda");
    it = scopes.lambdas.find(md->getParent());
    if (failed || it == scopes.lambdas.end()) {
      if (!failed)
        error(e->getExprLoc(), Diag::Construct,
              {"a call to a lambda that is not defined in this function",
               "define the lambda in the function that calls it"});
      return nullptr;
    }
  }
  const LambdaDef &def = it->second;
  const Stmt *body = md->getBody();
  if (!body || md->isVariadic()) {
    error(e->getExprLoc(), Diag::VariadicFunction, {def.name});
    return nullptr;
  }
  // The parameters and the copies are bound for this call only.
  auto savedVars = vars;
  auto savedArrays = arrays;
  auto savedRefs = scopes.elementRefs;
  for (unsigned i = 0; i < md->getNumParams(); ++i)
    if (!lambdaParam(md->getParamDecl(i), e->getArg(i + 1), def.name))
      return nullptr;
  for (auto &[vd, v] : def.copies)
    vars[vd] = v;
  for (auto &[vd, a] : def.arrayCopies)
    arrays[vd] = a;
  LambdaCall call;
  call.loops = scopes.loops;
  if (const auto *cs = dyn_cast<CompoundStmt>(body); cs && !cs->body_empty())
    call.last = cs->body_back();
  QualType rt = md->getReturnType();
  std::optional<Type> t;
  if (!rt->isVoidType() && !(t = typeOf(rt, md, e->getExprLoc())))
    return nullptr;
  if (t)
    call.result = fn.newVar(uniqueName(def.name + "_result"), *t);
  setLoc(body->getBeginLoc());
  if (!returnsAtEndOnly(body)) {
    call.scope.fall = fn.newVar(uniqueName(def.name + "_running"), Type::Bool);
    b.decl(call.scope.fall, b.constant(1, Type::Bool));
    if (call.result)
      b.decl(call.result, b.constant(0, *t));
  }
  SwitchScope *sw = scopes.sw;
  LambdaCall *outer = scopes.call;
  scopes.sw = &call.scope;
  scopes.call = &call;
  stmt(body);
  scopes.sw = sw;
  scopes.call = outer;
  vars = std::move(savedVars);
  arrays = std::move(savedArrays);
  scopes.elementRefs = std::move(savedRefs);
  if (failed)
    return nullptr;
  setLoc(e->getExprLoc());
  // A void call is a statement: its value is never read.
  return call.result ? b.readVar(call.result) : b.constant(0, Type::Int);
}

void Lowerer::lambdaReturn(const ReturnStmt *s) {
  LambdaCall &call = *scopes.call;
  if (scopes.loops != call.loops)
    return error(s->getBeginLoc(), Diag::Construct,
                 {"a return inside a loop of a lambda",
                  "keep the result in a variable, leave the loop with break "
                  "and return the variable after it"});
  Op *v = s->getRetValue() ? expr(s->getRetValue()) : nullptr;
  if (failed)
    return;
  if (v && call.result) {
    v = b.cast(v, call.result->type);
    if (call.scope.fall)
      b.writeVar(call.result, v);
    else // the body's last statement: the result is declared here
      b.decl(call.result, v);
  }
  // The rest of the body, and of the switches inside it, is skipped.
  for (SwitchScope *sc = scopes.sw; sc && s != call.last; sc = sc->outer) {
    ++sc->breaks;
    if (sc->fall)
      b.writeVar(sc->fall, b.constant(0, Type::Bool));
    if (sc == &call.scope)
      break;
  }
}

} // namespace adgen
