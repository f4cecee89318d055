// Heap scratch locals (SPEC §5): `T *p = new T[n]` (or `new T(v)`, one
// element), `malloc(n * sizeof(T))`,
// `calloc(n, sizeof(T))`, and a local `std::vector<T> v(n)` (also `(n, x)`,
// a copy of another vector, `{a, b, c}`). Each is a local array whose
// extent is known at run time only (Array::heap): its element count is held
// in a variable declared with it, and its DeclArray counts with it.
// `delete[] p` and `free(p)` end nothing the output has to end (the
// adgen::Scratch that holds it frees itself at the end of its scope).
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

Array *Lowerer::heapArray(const std::string &name, Type elem, Op *count,
                          Type countType) {
  Var *n = fn.newVar(uniqueName(name + "_size"), countType);
  b.decl(n, b.cast(count, countType));
  Array *a = fn.newArray(uniqueName(name), elem);
  a->heap = true;
  b.declArray(a, b.readVar(n));
  heapSizes[a] = n;
  return a;
}

/// `E * sizeof(T)` or `sizeof(T) * E` (T the element type): E; `sizeof(T)`:
/// null with `one` set; otherwise null.
static const Expr *bytesOf(const Expr *e, QualType elem, const ASTContext &ast,
                           bool &one) {
  auto isSizeofElem = [&](const Expr *x) {
    const auto *s = dyn_cast<UnaryExprOrTypeTraitExpr>(x->IgnoreParenImpCasts());
    return s && s->getKind() == UETT_SizeOf &&
           ast.hasSameUnqualifiedType(s->getTypeOfArgument(), elem);
  };
  one = false;
  e = e->IgnoreParenImpCasts();
  // `malloc(8)` for one double: a constant of the element's size.
  std::optional<llvm::APSInt> k = e->getIntegerConstantExpr(ast);
  bool oneElem = k && !elem->isIncompleteType() && !elem->isDependentType() &&
                 k->getExtValue() == ast.getTypeSizeInChars(elem).getQuantity();
  if (isSizeofElem(e) || oneElem) {
    one = true;
    return nullptr;
  }
  const auto *bo = dyn_cast<BinaryOperator>(e);
  if (!bo || bo->getOpcode() != BO_Mul)
    return nullptr;
  if (isSizeofElem(bo->getRHS()))
    return bo->getLHS();
  if (isSizeofElem(bo->getLHS()))
    return bo->getRHS();
  return nullptr;
}

/// Whether new-expression ne's initializer is one adgen takes: none, `()`,
/// or for one element `(v)` / `{v}` (then `first` is v).
static bool newInitializer(const CXXNewExpr *ne, const Expr *&first) {
  const Expr *in = ne->getInitializer();
  if (!in || isa<CXXScalarValueInitExpr>(in) || isa<ImplicitValueInitExpr>(in))
    return true;
  // `new S[n]`: S's default constructor (heapStructs checks that it runs
  // no code of the user's).
  if (const auto *ce = dyn_cast<CXXConstructExpr>(in);
      ce && ce->getNumArgs() == 0 && ne->isArray())
    return true;
  if (ne->isArray())
    return false;
  const Expr *v = in->IgnoreImplicit();
  if (const auto *pl = dyn_cast<ParenListExpr>(v); pl && pl->getNumExprs() == 1)
    v = pl->getExpr(0);
  if (const auto *il = dyn_cast<InitListExpr>(v); il && il->getNumInits() == 1)
    v = il->getInit(0);
  if (!v->getType()->isArithmeticType())
    return false;
  first = v;
  return true;
}

bool Lowerer::heapLocal(const VarDecl *vd) {
  const Expr *init = vd->getInit()->IgnoreParenCasts();
  QualType elem = vd->getType()->getPointeeType();
  // `T *t = new T{x};` of a struct: an object of its own, used as `t->x`
  // and deleted (nothing to emit).
  if (const auto *ne = dyn_cast<CXXNewExpr>(init);
      ne && !ne->isArray() && !ne->getNumPlacementArgs() &&
      elem->getAsRecordDecl() && stdClassOf(elem) == StdClass::None)
    return heapObject(vd, ne);
  const Expr *countExpr = nullptr;
  bool one = false;
  const Expr *first = nullptr; // `new T(v)`: element 0's value
  if (const auto *ne = dyn_cast<CXXNewExpr>(init)) {
    bool valueInit = newInitializer(ne, first);
    if (ne->getNumPlacementArgs() || !valueInit ||
        (ne->isArray() && !ne->getArraySize())) {
      error(ne->getBeginLoc(), Diag::HeapForm, {sourceText(ne)});
      return true;
    }
    if (ne->isArray())
      countExpr = *ne->getArraySize();
    else
      one = true;
  } else {
    const auto *ce = dyn_cast<CallExpr>(init);
    const FunctionDecl *callee = ce ? ce->getDirectCallee() : nullptr;
    if (!callee || !callee->getIdentifier())
      return false;
    llvm::StringRef n = callee->getName();
    bool bytes = false;
    if (n == "malloc" && ce->getNumArgs() == 1) {
      countExpr = bytesOf(ce->getArg(0), elem, ast(), one);
      bytes = true;
    } else if (n == "calloc" && ce->getNumArgs() == 2) {
      bytesOf(ce->getArg(1), elem, ast(), one);
      countExpr = one ? ce->getArg(0) : nullptr;
      one = false;
      bytes = true;
    } else if (n == "realloc" || n == "aligned_alloc" || n == "malloc" ||
               n == "calloc") {
      bytes = true;
    } else {
      return false;
    }
    if (bytes && !countExpr && !one) {
      error(ce->getBeginLoc(), Diag::HeapForm, {sourceText(ce)});
      return true;
    }
  }
  if (const RecordDecl *rd = recordOf(elem); // LowerStructVector.cpp
      rd && stdClassOf(rd) == StdClass::None)
    return heapStructs(vd, rd, one ? nullptr : countExpr, isa<CXXNewExpr>(init));
  auto t = typeOf(elem, vd, vd->getLocation());
  if (!t)
    return true;
  Op *count =
      one ? b.constant(1, Type::Long) : expr(countExpr->IgnoreImpCasts());
  if (!count)
    return true;
  if (!isInteger(count->type)) {
    error(countExpr->getExprLoc(), Diag::HeapForm, {sourceText(init)});
    return true;
  }
  Array *a = heapArray(vd->getNameAsString(), *t, count, Type::Long);
  if (first) {
    Op *v = expr(first);
    if (!v)
      return true;
    b.store(a, b.constant(0, Type::Int), b.cast(v, *t));
  }
  Var *off = nullptr; // a pointer that moves: its offset
  if (movedPointers.count(vd)) {
    off = fn.newVar(uniqueName(vd->getNameAsString() + "_off"), Type::Long);
    b.decl(off, b.constant(0, Type::Long));
  }
  pointers[vd] = PointerLocal{a, off, 0};
  return true;
}

bool Lowerer::heapObject(const VarDecl *vd, const CXXNewExpr *ne) {
  if (const RecordDecl *rd =
          vd->getType()->getPointeeType()->getAsRecordDecl()->getDefinition())
    localObject(vd, rd, ne->getInitializer()); // used as t->x
  return true;
}

bool Lowerer::heapRelease(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  const Expr *what = nullptr;
  if (const auto *de = dyn_cast<CXXDeleteExpr>(e)) {
    what = de->getArgument();
  } else if (const auto *ce = dyn_cast<CallExpr>(e);
             ce && ce->getDirectCallee() && ce->getDirectCallee()->getIdentifier() &&
             ce->getDirectCallee()->getName() == "free" && ce->getNumArgs() == 1) {
    what = ce->getArg(0);
  } else {
    return false;
  }
  // `delete[] data_` outside a destructor: a resize's re-allocation.
  if (const auto *me = dyn_cast<MemberExpr>(what->IgnoreParenImpCasts())) {
    const auto *owner = me->getMemberDecl()->getDeclContext();
    error(e->getExprLoc(), Diag::Construct,
          {"releasing the pointer member '" + sourceText(what) + "' of '" +
               recordName(cast<RecordDecl>(owner)) +
               "' (re-allocating what it owns, as a resize does)",
           "size the object where it is constructed and keep its size: a "
           "differentiated function does not resize what it differentiates "
           "through"});
    return true;
  }
  const auto *dr = dyn_cast<DeclRefExpr>(what->IgnoreParenImpCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (vd && vd->getType()->isPointerType() && objects.count(vd))
    return true; // a struct from `new T{...}` (heapLocal)
  auto p = vd ? pointers.find(vd) : pointers.end();
  if (p == pointers.end() || !p->second.arr->heap) {
    error(e->getExprLoc(), Diag::HeapRelease, {sourceText(e)});
    return true;
  }
  return true;
}

bool Lowerer::heapRealloc(const Expr *lhs, const Expr *rhs) {
  const auto *ce = dyn_cast<CallExpr>(rhs->IgnoreParenCasts());
  const FunctionDecl *callee = ce ? ce->getDirectCallee() : nullptr;
  if (!callee || !callee->getIdentifier() || callee->getName() != "realloc" ||
      ce->getNumArgs() != 2)
    return false;
  const auto *dr = dyn_cast<DeclRefExpr>(lhs->IgnoreParenImpCasts());
  const auto *from = dyn_cast<DeclRefExpr>(ce->getArg(0)->IgnoreParenCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  auto p = vd ? pointers.find(vd) : pointers.end();
  bool one = false;
  const Expr *countExpr =
      p != pointers.end() ? bytesOf(ce->getArg(1), vd->getType()->getPointeeType(),
                                    ast(), one)
                          : nullptr;
  // `p = realloc(p, n * sizeof(T))` on a heap local, at the function's top
  // level (the accesses after it are the new array's; p at its start).
  if (p == pointers.end() || !p->second.arr->heap || p->second.fixed ||
      !from || from->getDecl() != vd ||
      b.block() != &fn.body || (!countExpr && !one)) {
    error(ce->getBeginLoc(), Diag::HeapForm, {sourceText(ce)});
    return true;
  }
  Op *count = one ? b.constant(1, Type::Long) : expr(countExpr);
  if (!count)
    return true;
  Array *old = p->second.arr;
  Array *a = heapArray(vd->getNameAsString(), old->elemType,
                       b.cast(count, Type::Long), Type::Long);
  // Its first min(old, new) elements are the old ones.
  Op *keep = b.select(b.binary(OpKind::Lt, b.readVar(heapSizes.at(old)),
                               b.readVar(heapSizes.at(a))),
                      b.readVar(heapSizes.at(old)), b.readVar(heapSizes.at(a)));
  Var *i = fn.newVar(uniqueName("realloc_i"), Type::Long);
  b.countedLoop(i, keep, [&](Op *k) { b.store(a, k, b.load(old, k)); });
  p->second.arr = a;
  if (p->second.offset)
    b.writeVar(p->second.offset, b.constant(0, p->second.offset->type));
  return true;
}

bool Lowerer::vectorLocal(const VarDecl *vd, const RecordDecl *rd) {
  const auto *spec = cast<ClassTemplateSpecializationDecl>(rd);
  QualType elemQt = spec->getTemplateArgs()[0].getAsType();
  std::optional<Type> et;
  if (elemQt->isArithmeticType() || elemQt->isEnumeralType())
    et = typeOf(elemQt, vd, vd->getLocation());
  std::string name = vd->getNameAsString();
  if (const RecordDecl *er = recordOf(elemQt); // LowerStructVector.cpp
      er && stdClassOf(er) == StdClass::None)
    return heapStructs(vd, er, nullptr, true);
  if (!et || *et == Type::Void || *et == Type::Bool) {
    if (!failed)
      error(vd->getLocation(), Diag::StdElementType,
            {"'" + name + "' (" + stdSpelling(vd->getType()) + ")",
             elemQt.getAsString()});
    return true;
  }
  // (IgnoreImplicit looks through ExprWithCleanups too.)
  const Expr *init = vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
  const auto *cons = dyn_cast_or_null<CXXConstructExpr>(init);
  const Expr *fill = nullptr;
  Object *from = nullptr;
  std::vector<const Expr *> listed;
  Op *count = nullptr;
  if (const auto *il = dyn_cast_or_null<CXXStdInitializerListExpr>(
          cons && cons->getNumArgs() >= 1 ? cons->getArg(0)->IgnoreImplicit()
                                          : nullptr)) {
    const Expr *sub = il->getSubExpr()->IgnoreImplicit();
    if (const auto *ile = dyn_cast<InitListExpr>(sub))
      for (const Expr *x : ile->inits())
        listed.push_back(x);
    count = b.constant(static_cast<double>(listed.size()), Type::ULong);
  } else if (cons && cons->getConstructor()->isCopyOrMoveConstructor()) {
    from = objectOf(cons->getArg(0));
    if (!from)
      return true;
    count = containerCount(cons->getArg(0));
  } else if (cons && (cons->getNumArgs() == 0 ||
                      isa<CXXDefaultArgExpr>(cons->getArg(0)))) {
    count = b.constant(0, Type::ULong);
  } else if (cons && cons->getArg(0)->getType()->isIntegerType()) {
    count = expr(cons->getArg(0));
    if (cons->getNumArgs() >= 2 && !isa<CXXDefaultArgExpr>(cons->getArg(1)) &&
        !cons->getArg(1)->getType()->isRecordType())
      fill = cons->getArg(1);
  } else {
    error(vd->getLocation(), Diag::HeapForm,
          {init ? sourceText(init) : name});
    return true;
  }
  if (!count)
    return true;
  Object &obj = objects[vd];
  obj.record = rd;
  Array *a = heapArray(name, *et, count, Type::ULong);
  obj.arrays["data()"] = a;
  obj.vars["size()"] = heapSizes.at(a);
  auto each = [&](const std::function<Op *(Op *)> &value) {
    b.countedLoop(fn.newVar(uniqueName("k"), Type::ULong),
                  b.readVar(heapSizes.at(a)),
                  [&](Op *k) { b.store(a, k, b.cast(value(k), *et)); });
  };
  if (fill) {
    Op *v = expr(fill);
    if (!v)
      return true;
    Var *x = fn.newVar(uniqueName(name + "_fill"), *et);
    b.decl(x, b.cast(v, *et));
    each([&](Op *) { return b.readVar(x); });
  } else if (from) {
    Array *src = from->arrays.count("data()") ? from->arrays.at("data()")
                                              : from->arrays.begin()->second;
    each([&](Op *k) { return b.load(src, k); });
  }
  for (size_t k = 0; k < listed.size(); ++k)
    if (Op *v = expr(listed[k]))
      b.store(a, b.constant(static_cast<double>(k), Type::Int),
              b.cast(v, *et));
  return true;
}

} // namespace adgen
