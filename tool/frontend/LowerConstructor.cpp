// Constructors of the user's structs (SPEC §5): `S s(a, b);`, `S{a, b}`
// with a user-provided constructor, `return Vec(x, y);`, temporaries such
// as `Point(u.x + v.x, u.y + v.y)` passed on or returned. A constructor is
// lowered as a method returning void: its object is the first parameter
// `self` (written), its member initializers and default member
// initializers are assignments to self's members, then its body runs.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

Lowerer::ThisBinding::ThisBinding(Lowerer &l, const Object &self) : l(l) {
  auto it = l.objects.find(nullptr);
  if (it != l.objects.end())
    saved = it->second;
  l.objects[nullptr] = self;
}

Lowerer::ThisBinding::~ThisBinding() {
  if (saved)
    l.objects[nullptr] = *saved;
  else
    l.objects.erase(nullptr);
}

bool Lowerer::userConstructor(const CXXConstructExpr *ce) {
  const CXXConstructorDecl *cd = ce->getConstructor();
  if (!cd || !cd->isUserProvided())
    return false;
  return !ast().getSourceManager().isInSystemHeader(cd->getLocation());
}

Lowerer::Object *Lowerer::newTemporary(const RecordDecl *rd,
                                       SourceLocation loc, std::string prefix) {
  temporaries.emplace_back();
  Object &t = temporaries.back();
  t.record = rd->getDefinition();
  t.cells = true;
  if (prefix.empty()) { // the record's name, lower case
    prefix = rd->getNameAsString();
    for (char &c : prefix)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!t.record ||
      !declareMembers(t.record, t, prefix.empty() ? "tmp" : prefix, loc))
    return nullptr;
  return &t;
}

Lowerer::Object *Lowerer::constructedTemporary(const Expr *e) {
  const RecordDecl *rd = e->getType()->getAsRecordDecl();
  Object *t = rd ? newTemporary(rd, e->getExprLoc()) : nullptr;
  if (!t)
    return nullptr;
  if (const auto *ce = dyn_cast<CXXConstructExpr>(e))
    return constructorCall(ce, *t) ? t : nullptr;
  return initObject(*t, e, true) ? t : nullptr;
}

bool Lowerer::constructInto(Object &to, const CXXConstructExpr *ce,
                            bool declare) {
  // Whether every scalar member (of member structs too) is in a cell.
  std::function<bool(const Object &)> allCells = [&](const Object &o) {
    for (const auto &[n, inner] : o.objects)
      if (!allCells(inner))
        return false;
    return o.vars.empty();
  };
  if (allCells(to))
    return constructorCall(ce, to);
  // Scalars in variables: construct a temporary, then copy its members.
  Object *t = constructedTemporary(ce);
  if (!t)
    return false;
  copyObject(to, *t, declare);
  return !failed;
}

bool Lowerer::constructorCall(const CXXConstructExpr *ce, Object &obj) {
  auto loc = ce->getExprLoc();
  const CXXConstructorDecl *cd = ce->getConstructor();
  const FunctionDecl *def = cd->getDefinition();
  if (!def) {
    error(loc, Diag::UnknownCall, {cd->getQualifiedNameAsString()});
    return false;
  }
  Function *g = calleeAt(def, loc);
  if (!g || !constructorPointers(ce, obj))
    return false;
  std::vector<const Expr *> args{ce};
  for (const Expr *a : ce->arguments())
    args.push_back(a);
  std::vector<Op *> scalars;
  std::vector<ArgAt> offsets;
  std::vector<Array *> arrs;
  std::vector<int> order;
  for (size_t i = 0; i < g->signature.size(); ++i) {
    const UserParam &up = g->signature[i];
    bool ok = i == 0 ? objectLeaves(obj, ce, g, up, scalars, arrs, order,
                                    offsets)
              : i < args.size()
                  ? objectArgs(args[i], g, up, scalars, arrs, order, offsets)
                  : true;
    if (!ok)
      return false;
  }
  offsets.resize(arrs.size());
  if (!checkAliasing(args, g, arrs, order, offsets))
    return false;
  callOp(g, std::move(scalars), arrs, std::move(order), offsets);
  return true;
}

bool Lowerer::constructorPointers(const CXXConstructExpr *ce, Object &obj) {
  // The constructor's self is a parameter, whose pointer members it cannot
  // re-point: where they point is set here, before the call passes them,
  // from member initializers on `this` (`p(&x)`) or a parameter (`w(w)`).
  const CXXConstructorDecl *cd = ce->getConstructor();
  if (!ownedBuffers(ce, obj)) // `d(new double[n])`, `d = new T[n];`
    return false;
  for (const CXXCtorInitializer *ci : cd->inits()) {
    const FieldDecl *fd = ci->getMember();
    std::string n = fd ? fd->getNameAsString() : "";
    if (!fd || (!obj.nulls.count(n) && !obj.pointers.count(n)) ||
        isa<CXXNewExpr>(ci->getInit()->IgnoreParenImpCasts()))
      continue;
    const Expr *init = ci->getInit()->IgnoreParenImpCasts();
    if (const auto *pl = dyn_cast<ParenListExpr>(init);
        pl && pl->getNumExprs() == 1)
      init = pl->getExpr(0)->IgnoreParenImpCasts();
    if (const auto *dr = dyn_cast<DeclRefExpr>(init))
      if (const auto *pd = dyn_cast<ParmVarDecl>(dr->getDecl());
          pd && pd->getFunctionScopeIndex() < ce->getNumArgs()) {
        if (!pointerMember(obj, fd, ce->getArg(pd->getFunctionScopeIndex()),
                           true))
          return false;
        continue;
      }
    std::function<bool(const Stmt *)> uses = [&](const Stmt *s) {
      if (const auto *dr = dyn_cast<DeclRefExpr>(s))
        return isa<ParmVarDecl>(dr->getDecl());
      for (const Stmt *c : s->children())
        if (c && uses(c))
          return true;
      return false;
    };
    bool usesParams = uses(init);
    if (usesParams && memberRead(cx, fd)) {
      error(init->getExprLoc(), Diag::Construct,
            {"pointer member '" + n + "' computed from constructor parameters",
             "initialise it from `this`'s members or one parameter as is"});
      return false;
    }
    ThisBinding self(*this, obj);
    if (!pointerMember(obj, fd, usesParams ? nullptr : init, true))
      return false;
  }
  return true;
}

bool Lowerer::memberInitializers(const CXXConstructorDecl *cd) {
  Object &self = objects.at(nullptr);
  for (const CXXCtorInitializer *ci : cd->inits()) {
    SourceLocation at = ci->getSourceLocation().isValid()
                            ? ci->getSourceLocation()
                            : cd->getLocation();
    setLoc(at);
    if (ci->isDelegatingInitializer()) { // S(double x) : S(x, 0) {}
      const auto *target = dyn_cast<CXXConstructExpr>(ci->getInit());
      if (!target || !constructorCall(target, self))
        return false;
      continue;
    }
    if (ci->isBaseInitializer() && !ci->isBaseVirtual()) {
      // Base(a): self seen as its base, whose members it holds (fieldsOf).
      Object base = self;
      base.record = ci->getBaseClass()->getAsRecordDecl()->getDefinition();
      if (!base.record || !initObject(base, ci->getInit(), false))
        return false;
      continue;
    }
    const FieldDecl *fd = ci->getMember();
    if (!fd) {
      error(at, Diag::Construct,
            {"this constructor initializer",
             "initialise the struct's own members in the initializer list"});
      return false;
    }
    const Expr *init = ci->getInit();
    if (isa<CXXNewExpr>(init->IgnoreParenImpCasts()))
      continue; // the caller's (LowerOwnedBuffers.cpp)
    // `w()` / `s()` value-initialise, `v(x)` takes x.
    if (const auto *pl = dyn_cast<ParenListExpr>(init);
        pl && pl->getNumExprs() == 1)
      init = pl->getExpr(0);
    if (!initMember(self, fd, init, false))
      return false;
  }
  return !failed;
}

} // namespace adgen
