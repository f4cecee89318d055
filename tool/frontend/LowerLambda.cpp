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

const LambdaExpr *lambdaOf(const Expr *e) {
  while (e) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *le = dyn_cast<LambdaExpr>(e))
      return le;
    const auto *il = dyn_cast<InitListExpr>(e); // `auto f{[x] { ... }};`
    if (!il || il->getNumInits() != 1)
      return nullptr;
    e = il->getInit(0);
  }
  return nullptr;
}

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
    // `[&]`/`[this]` in a method: `this` names the method's object where
    // the lambda is called (inlined, in the same method).
    if (!vd && c.capturesThis() && c.getCaptureKind() == LCK_This &&
        objects.count(nullptr))
      continue;
    if (!vd)
      return error(c.getLocation(), Diag::Construct,
                   {"a lambda capturing '*this' by copy",
                    "capture `this` ([this] or [&]), or the variables the "
                    "lambda uses"});
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
  if (pt->isPointerType()) { // the same array, from the argument's offset
    auto p = pointerOf(arg);
    if (!p)
      return false;
    if (!movedPointers.count(pd) &&
        (!p->offset || p->offset->kind == OpKind::Const)) {
      int64_t k = p->offset ? static_cast<int64_t>(p->offset->num) : 0;
      pointers[pd] = PointerLocal{p->arr, nullptr, k, p->row};
      return true;
    }
    Type t = p->offset && isInteger(p->offset->type) &&
                     typeSize(p->offset->type) > 4
                 ? p->offset->type
                 : Type::Int;
    Var *off = fn.newVar(
        uniqueName(prefix + "_" + pd->getNameAsString() + "_off"), t);
    b.decl(off, p->offset ? b.cast(p->offset, t) : b.constant(0, t));
    pointers[pd] = PointerLocal{p->arr, off, 0, p->row};
    return true;
  }
  if (ast().getAsConstantArrayType(pt.getNonReferenceType())) {
    Array *a = arrayOf(arg); // the same array, under the parameter's name
    if (a)
      arrays[pd] = a;
    return a != nullptr;
  }
  bool constRef = pt->isReferenceType() &&
                  pt.getNonReferenceType().isConstQualified();
  if (pt->isReferenceType() && (!constRef || arg->isLValue())) {
    auto lv = lvalue(arg);
    return lv && bindPlace(pd, *lv, prefix);
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

/// The lambda a call's object names, defined where it is called
/// (`[&] { ... }()`) if it is written there; null after an error.
const LambdaDef *Lowerer::lambdaDefOf(const CallExpr *e,
                                      const CXXMethodDecl *md) {
  auto it = scopes.lambdas.find(md->getParent());
  if (it != scopes.lambdas.end())
    return &it->second;
  const Expr *obj = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e))
    obj = mc->getImplicitObjectArgument();
  else if (e->getNumArgs() > 0)
    obj = e->getArg(0);
  if (const LambdaExpr *le = obj ? lambdaOf(obj) : nullptr)
    defineLambda(le, "lambda");
  it = scopes.lambdas.find(md->getParent());
  if (failed || it == scopes.lambdas.end()) {
    if (!failed)
      error(e->getExprLoc(), Diag::Construct,
            {"a call to a lambda that is not defined in this function",
             "define the lambda in the function that calls it"});
    return nullptr;
  }
  return &it->second;
}

Op *Lowerer::lambdaCall(const CallExpr *e, const CXXMethodDecl *md) {
  const LambdaDef *def = lambdaDefOf(e, md);
  LambdaCall call;
  if (!def || !inlineCall(e, md, def, call))
    return nullptr;
  setLoc(e->getExprLoc());
  // A void call is a statement: its value is never read.
  return call.result ? b.readVar(call.result) : b.constant(0, Type::Int);
}

bool Lowerer::inlineCall(const CallExpr *e, const FunctionDecl *fd,
                         const LambdaDef *def, LambdaCall &call) {
  std::string name = def ? def->name : fd->getNameAsString();
  // What its variables are named after (`Mat_operator_call_i`).
  std::string prefix = def || !isa<CXXMethodDecl>(fd) ? name : functionName(fd);
  const Stmt *body = fd->getBody();
  if (!body || fd->isVariadic()) {
    error(e->getExprLoc(), Diag::VariadicFunction, {name});
    return false;
  }
  for (const LambdaCall *c = scopes.call; c; c = c->caller)
    if (c->fd == fd) {
      error(e->getExprLoc(), Diag::Construct,
            {"a recursive call to '" + name +
                 "', which returns a reference or pointer",
             "return the value, or write the recursion as a loop"});
      return false;
    }
  if (!def) { // a function of the file: its body is scanned here
    findAddressTaken(body);
    findMovedPointers(body);
  }
  call.name = name;
  call.fd = fd;
  call.caller = scopes.call;
  call.loops = scopes.loops;
  call.place = returnsPlace(fd);
  if (call.place)
    outerStorage(call, def);
  // The parameters and the copies are bound for this call only.
  auto savedVars = vars;
  auto savedArrays = arrays;
  auto savedPointers = pointers;
  auto savedRefs = scopes.elementRefs;
  unsigned first = isa<CXXOperatorCallExpr>(e) && isa<CXXMethodDecl>(fd);
  for (unsigned i = 0; i < fd->getNumParams(); ++i)
    if (i + first >= e->getNumArgs() ||
        !lambdaParam(fd->getParamDecl(i), e->getArg(i + first), prefix))
      return false;
  if (def) {
    for (auto &[vd, v] : def->copies)
      vars[vd] = v;
    for (auto &[vd, a] : def->arrayCopies)
      arrays[vd] = a;
  }
  if (const auto *cs = dyn_cast<CompoundStmt>(body); cs && !cs->body_empty())
    call.last = cs->body_back();
  QualType rt = fd->getReturnType();
  std::optional<Type> t;
  if (!call.place && !rt->isVoidType() &&
      !(t = typeOf(rt, fd, e->getExprLoc())))
    return false;
  if (t)
    call.result = fn.newVar(uniqueName(prefix + "_result"), *t);
  setLoc(body->getBeginLoc());
  if (!returnsAtEndOnly(body)) {
    call.scope.fall = fn.newVar(uniqueName(prefix + "_running"), Type::Bool);
    b.decl(call.scope.fall, b.constant(1, Type::Bool));
    if (call.result)
      b.decl(call.result, b.constant(0, *t));
    if (call.place) { // where the returned place is, once known
      call.placeOffset = fn.newVar(uniqueName(prefix + "_place"), Type::Long);
      b.decl(call.placeOffset, b.constant(0, Type::Long));
    }
  }
  SwitchScope *sw = scopes.sw;
  scopes.sw = &call.scope;
  scopes.call = &call;
  stmt(body);
  scopes.sw = sw;
  scopes.call = call.caller;
  vars = std::move(savedVars);
  arrays = std::move(savedArrays);
  pointers = std::move(savedPointers);
  scopes.elementRefs = std::move(savedRefs);
  return !failed;
}

void Lowerer::lambdaReturn(const ReturnStmt *s) {
  LambdaCall &call = *scopes.call;
  const auto *md = dyn_cast<CXXMethodDecl>(call.fd);
  std::string of = md && md->getParent()->isLambda()
                       ? "a lambda"
                       : "'" + call.name +
                             "', which returns a reference or pointer,";
  if (scopes.loops != call.loops)
    return error(s->getBeginLoc(), Diag::Construct,
                 {"a return inside a loop of " + of,
                  "keep the result in a variable, leave the loop with break "
                  "and return the variable after it"});
  Op *v = nullptr;
  if (call.place)
    placeReturn(s);
  else if (s->getRetValue())
    v = expr(s->getRetValue());
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
