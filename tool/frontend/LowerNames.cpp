// Names in expressions: locals, parameters, enum constants and constant
// globals as values; arrays (parameters, locals, and local copies of const
// global arrays) as the targets of indexing and array arguments.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

namespace adgen {

using namespace clang;

Op *Lowerer::declRef(const DeclRefExpr *e) {
  const ValueDecl *d = e->getDecl();
  if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
    return b.constant(static_cast<double>(ec->getInitVal().getSExtValue()),
                      Type::Int);
  const auto *vd = dyn_cast<VarDecl>(d);
  Expr::EvalResult r; // a constant global, or static const local (localVar)
  if (vd && vd->hasGlobalStorage() && vd->getType().isConstQualified() &&
      e->EvaluateAsRValue(r, ast()) && (r.Val.isInt() || r.Val.isFloat())) {
    auto t = typeOf(e->getType(), vd, e->getLocation());
    if (!t)
      return nullptr;
    return b.constant(r.Val.isFloat() ? r.Val.getFloat().convertToDouble()
                                      : static_cast<double>(
                                            r.Val.getInt().getSExtValue()),
                      *t);
  }
  if (vd && vd->hasGlobalStorage() && !vd->isStaticLocal()) {
    if (ast().getBaseElementType(vd->getType()).isConstQualified()) {
      if (ast().getAsConstantArrayType(vd->getType()))
        error(e->getLocation(), Diag::PointerArith, {vd->getName()});
      else
        error(e->getLocation(), Diag::GlobalNotConstant, {vd->getName()});
      return nullptr;
    }
    if (Var *g = globalRead(vd, e->getLocation()))
      return b.readVar(g);
    return nullptr;
  }
  if (vd && pointers.count(vd)) {
    error(e->getLocation(), Diag::Construct,
          {"pointer '" + vd->getNameAsString() + "' used as a value",
           "index it (p[i]) or dereference it (*p): adgen follows pointers "
           "into arrays but does not compare or store them"});
    return nullptr;
  }
  if (auto el = vd ? elementRef(vd) : std::nullopt)
    return read(*el);
  if (Var *v = vd ? varFor(vd) : nullptr)
    return b.readVar(v);
  if (vd && arrays.count(vd) && isCell(arrays.at(vd))) // `double &out`
    return b.load(arrays.at(vd), b.constant(0, Type::Int));
  if (vd && objects.count(vd)) {
    error(e->getLocation(), Diag::Construct,
          {"struct '" + vd->getNameAsString() + "' used as a value here",
           "read its members (s.x), copy it (S t = s;), or pass it to a "
           "function"});
    return nullptr;
  }
  if (vd && arrays.count(vd)) {
    error(e->getLocation(), Diag::PointerArith, {vd->getName()});
    return nullptr;
  }
  if (isa<FunctionDecl>(d)) {
    error(e->getLocation(), Diag::Construct,
          {"using function '" + d->getNameAsString() + "' as a value",
           "call the function directly by name"});
    return nullptr;
  }
  if (isa<BindingDecl>(d)) {
    error(e->getLocation(), Diag::Construct,
          {"structured binding '" + d->getNameAsString() + "'",
           "declare the variables one by one"});
    return nullptr;
  }
  error(e->getLocation(), Diag::Construct,
        {"the name '" + d->getNameAsString() + "'",
         "use a local variable, a parameter or a constant"});
  return nullptr;
}

Var *Lowerer::globalRead(const VarDecl *vd, SourceLocation use) {
  if (Var *v = varFor(vd))
    return v;
  // Another translation unit (the generated file) must reach it by name.
  if (!vd->hasExternalFormalLinkage() || !vd->getType()->isArithmeticType() ||
      vd->getType().isVolatileQualified() ||
      !vd->getDeclContext()->getRedeclContext()->isFileContext()) {
    error(use, Diag::GlobalRead, {vd->getName()});
    return nullptr;
  }
  if (cx.counters.count(vd)) { // `++vd;` elsewhere: its value changes
    counterRead(vd, use);
    return nullptr;
  }
  cx.globalReads.insert(vd);
  auto t = typeOf(vd->getType(), vd, use);
  if (!t)
    return nullptr;
  Var *v = fn.newVar("::" + vd->getQualifiedNameAsString(), *t);
  v->global = true;
  vars[vd] = v;
  return v;
}

Array *Lowerer::constGlobalArray(const VarDecl *vd, SourceLocation use) {
  auto it = arrays.find(vd);
  if (it != arrays.end())
    return it->second;
  QualType qt = vd->getType();
  const auto *at = ast().getAsConstantArrayType(qt);
  if (!at || !ast().getBaseElementType(qt).isConstQualified())
    return nullptr;
  std::vector<int64_t> dims;
  QualType elem;
  for (const ConstantArrayType *cur = at; cur;
       cur = ast().getAsConstantArrayType(elem)) {
    dims.push_back(cur->getSize().getSExtValue());
    elem = cur->getElementType();
  }
  auto et = typeOf(elem, vd, use);
  if (!et)
    return nullptr;
  // Its value, flattened row-major.
  const VarDecl *withInit = nullptr;
  vd->getAnyInitializer(withInit);
  const APValue *val = withInit ? withInit->evaluateValue() : nullptr;
  std::vector<double> init;
  std::function<bool(const APValue &)> flatten = [&](const APValue &v) {
    if (v.isArray()) {
      for (unsigned i = 0; i < v.getArraySize(); ++i)
        if (!flatten(i < v.getArrayInitializedElts()
                         ? v.getArrayInitializedElt(i)
                         : v.getArrayFiller()))
          return false;
      return true;
    }
    if (v.isFloat())
      init.push_back(v.getFloat().convertToDouble());
    else if (v.isInt())
      init.push_back(static_cast<double>(v.getInt().getSExtValue()));
    else
      return false;
    return true;
  };
  if (!val || !flatten(*val)) {
    error(use, Diag::GlobalNotConstant, {vd->getName()});
    return nullptr;
  }
  // A local copy, declared first in the body: it is passive (constant).
  Array *a = fn.newArray(uniqueName(vd->getNameAsString()), *et);
  a->dims = dims;
  a->size = static_cast<int64_t>(init.size());
  while (!init.empty() && init.back() == 0.0)
    init.pop_back();
  a->init = std::move(init);
  Block *saved = b.block();
  SourceLoc savedLoc = b.currentLoc();
  b.setBlock(&fn.body);
  b.setLoc(fn.loc);
  Op *d = b.create(OpKind::DeclArray, Type::Void);
  d->arr = a;
  std::rotate(fn.body.ops.begin() + static_cast<long>(constCopies),
              fn.body.ops.end() - 1, fn.body.ops.end());
  ++constCopies;
  b.setBlock(saved);
  b.setLoc(savedLoc);
  arrays[vd] = a;
  return a;
}

Array *Lowerer::arrayOf(const Expr *e, bool reportErrors, Op **offset) {
  const Expr *s = e->IgnoreParenImpCasts();
  bool container = false; // a std::array, a std::vector, or v.data()
  if (Array *a = containerArray(s, container); container)
    return a;
  if (const auto *ne = dyn_cast<CXXNewExpr>(s)) {
    if (reportErrors)
      error(ne->getBeginLoc(), Diag::Allocation, {"new"});
    return nullptr;
  }
  if (const auto *me = dyn_cast<MemberExpr>(s))
    return memberArray(me, reportErrors, offset);
  if (const auto *dr = dyn_cast<DeclRefExpr>(s)) {
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl())) {
      // A pointer that does not start at its array's first element is no
      // whole array.
      if (auto p = pointers.find(vd); p != pointers.end()) {
        if (!p->second.offset && !p->second.fixed && !p->second.row)
          return p->second.arr;
        if (reportErrors)
          error(dr->getLocation(), Diag::PointerArith,
                {vd->getType().getAsString()});
        return nullptr;
      }
      auto it = arrays.find(vd);
      if (it != arrays.end())
        return it->second;
      if (vd->hasGlobalStorage()) {
        if (Array *g = constGlobalArray(vd, dr->getLocation()))
          return g;
        if (Array *g = globalArray(vd, dr->getLocation()))
          return g;
        if (!failed)
          error(dr->getLocation(), Diag::GlobalRead, {vd->getName()});
        return nullptr;
      }
    }
  }
  if (reportErrors)
    error(e->getExprLoc(), Diag::PointerArith,
          {s->getType().getAsString()});
  return nullptr;
}

} // namespace adgen
