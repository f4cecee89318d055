// `for (T v : a)` over a fixed-size array, a std::array or a std::vector
// (up to its size): an index loop
//   for (int adgen_i = 0; adgen_i < N; ++adgen_i) { T v = a[adgen_i]; ... }
// A reference variable (`double &v`, `const auto &v`) is another name for
// a[adgen_i]: reads load it, writes store it.
#include "frontend/Lowerer.h"

#include "clang/AST/StmtCXX.h"

namespace adgen {

using namespace clang;

std::optional<Lowerer::LValue> Lowerer::elementRef(const VarDecl *vd) {
  auto it = scopes.elementRefs.find(vd);
  if (it == scopes.elementRefs.end())
    return std::nullopt;
  const ElementRef &r = it->second;
  return LValue{nullptr, r.arr,
                r.index ? b.readVar(r.index)
                        : b.constant(static_cast<double>(r.fixed), Type::Int),
                r.row};
}

Array *Lowerer::listArray(const Expr *e, const std::string &name) {
  const Expr *x = e ? e->IgnoreImplicit() : nullptr;
  if (const auto *mt = dyn_cast_or_null<MaterializeTemporaryExpr>(x))
    x = mt->getSubExpr()->IgnoreImplicit();
  const auto *sl = dyn_cast_or_null<CXXStdInitializerListExpr>(x);
  const auto *il =
      sl ? dyn_cast<InitListExpr>(sl->getSubExpr()->IgnoreImplicit()) : nullptr;
  const auto *at = il ? ast().getAsConstantArrayType(il->getType()) : nullptr;
  if (!at || !at->getElementType()->isArithmeticType())
    return nullptr;
  auto t = typeOf(at->getElementType(), nullptr, e->getExprLoc());
  if (!t)
    return nullptr;
  setLoc(e->getExprLoc());
  Array *a = fn.newArray(uniqueName(name), *t);
  a->size = at->getSize().getSExtValue();
  a->dims = {a->size};
  b.declArray(a);
  initArray(a, il);
  return failed ? nullptr : a;
}

void Lowerer::rangeFor(const CXXForRangeStmt *s) {
  if (s->getInit())
    stmt(s->getInit());
  if (rangeForElements(s) || rangeForRows(s)) // structs, rows
    return;
  const Expr *range = s->getRangeInit();
  const VarDecl *lv = s->getLoopVariable();
  const auto *at = ast().getAsConstantArrayType(range->getType());
  StdClass sc = stdClassOf(range->getType());
  bool container = sc == StdClass::Array || sc == StdClass::Vector;
  // Over a brace list, or a local std::initializer_list (structLocal).
  Array *list = listArray(range, "adgen_list");
  if (const auto *dr = dyn_cast<DeclRefExpr>(range->IgnoreParenImpCasts());
      !list && dr && sc == StdClass::Other)
    if (auto it = arrays.find(dyn_cast<VarDecl>(dr->getDecl()));
        it != arrays.end())
      list = it->second;
  if (failed)
    return;
  if (!at && !container && !list)
    return error(s->getBeginLoc(), Diag::Construct,
                 {"a range-based for loop over '" + sourceText(range) + "'",
                  "range over a fixed-size array, or write an index loop: "
                  "'for (int i = 0; i < n; ++i)'"});
  if (at && ast().getAsConstantArrayType(at->getElementType()))
    return error(s->getBeginLoc(), Diag::Construct,
                 {"a range-based for loop over the rows of a 2-D array",
                  "write index loops: 'for (int i = 0; i < n; ++i) for (int "
                  "j = 0; j < m; ++j)'"});
  Array *a = list ? list : arrayOf(range);
  if (!a)
    return;
  auto t = typeOf(lv->getType().getNonReferenceType(), lv, lv->getLocation());
  if (!t)
    return;
  // `const double &v` over ints binds a temporary: a copy.
  bool ref = lv->getType()->isReferenceType() && a->elemType == *t;
  setLoc(s->getBeginLoc());
  // Over a std::vector, up to its size (an unsigned long).
  Type ct = sc == StdClass::Vector ? Type::ULong : Type::Int;
  Var *i = fn.newVar(uniqueName("adgen_i"), ct);
  b.decl(i, b.constant(0, ct));
  loopOf(s, LoopKind::For, [&]() -> Op * {
    Op *n = list ? b.constant(static_cast<double>(list->size), Type::Int)
           : at  ? b.constant(static_cast<double>(at->getSize().getSExtValue()),
                              Type::Int)
                 : containerCount(range);
    return n ? b.binary(OpKind::Lt, b.readVar(i), b.cast(n, ct)) : nullptr;
  }, [&] {
    setLoc(lv->getLocation());
    if (ref) {
      scopes.elementRefs[lv] = {a, i, 0};
    } else {
      Var *v = fn.newVar(uniqueName(lv->getNameAsString()), *t);
      vars[lv] = v;
      b.decl(v, b.cast(b.load(a, b.readVar(i)), *t));
    }
    stmt(s->getBody());
  }, [&] {
    b.writeVar(i, b.binary(OpKind::Add, b.readVar(i), b.constant(1, ct)));
  });
}

} // namespace adgen
