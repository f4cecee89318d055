// std::fill(first, last, value), std::fill_n(first, n, value) over an
// array or pointer range (or a container's begin() / end()) and
// std::array's a.fill(value): a loop of stores of the value, evaluated
// once before it.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

namespace {

/// `c.begin()` / `c.end()` on a std::array or std::vector: c and which
/// end; null for anything else.
const Expr *containerEnd(const Expr *e, bool &isEnd) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(e->IgnoreParenImpCasts());
  const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
  if (!md || !md->getIdentifier() || mc->getNumArgs() != 0)
    return nullptr;
  llvm::StringRef n = md->getName();
  if (n != "begin" && n != "end" && n != "cbegin" && n != "cend")
    return nullptr;
  const Expr *obj = mc->getImplicitObjectArgument();
  QualType t = obj->getType();
  if (const auto *pt = t->getAs<PointerType>())
    t = pt->getPointeeType();
  StdClass k = stdClassOf(t);
  if (k != StdClass::Array && k != StdClass::Vector)
    return nullptr;
  isEnd = n == "end" || n == "cend";
  return obj;
}

} // namespace

std::optional<Lowerer::PointerRef> Lowerer::fillPosition(const Expr *e) {
  bool isEnd = false;
  // `a.begin() + k` on a std::array (its iterators are pointers).
  if (const auto *bo = dyn_cast<BinaryOperator>(e->IgnoreParenImpCasts());
      bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) &&
      bo->getRHS()->getType()->isIntegerType() &&
      containerEnd(bo->getLHS(), isEnd)) {
    std::optional<PointerRef> base = fillPosition(bo->getLHS());
    Op *k = base ? expr(bo->getRHS()) : nullptr;
    if (!k)
      return std::nullopt;
    return PointerRef{base->arr,
                      offsetPlus(base->offset, k, bo->getOpcode() == BO_Sub),
                      base->row};
  }
  if (const Expr *c = containerEnd(e, isEnd)) {
    bool handled = false;
    Array *a = containerArray(c, handled);
    Op *off = a && isEnd ? containerCount(c) : nullptr;
    if (!a || (isEnd && !off))
      return std::nullopt;
    return PointerRef{a, off};
  }
  if (!e->getType()->isPointerType()) {
    error(e->getExprLoc(), Diag::Construct,
          {"std::fill over iterators of type '" + e->getType().getAsString() +
               "'",
           "fill an array, a pointer range or a std::array / std::vector "
           "from begin() to end()"});
    return std::nullopt;
  }
  return pointerOf(e);
}

std::optional<Op *> Lowerer::stdFill(const CallExpr *e) {
  const Expr *obj = nullptr, *value = nullptr;
  std::optional<PointerRef> first;
  Op *count = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) { // a.fill(v)
    const CXXMethodDecl *md = mc->getMethodDecl();
    obj = mc->getImplicitObjectArgument();
    QualType t = obj->getType();
    if (const auto *pt = t->getAs<PointerType>())
      t = pt->getPointeeType();
    if (!md || !md->getIdentifier() || md->getName() != "fill" ||
        mc->getNumArgs() != 1 || stdClassOf(t) != StdClass::Array)
      return std::nullopt;
    bool handled = false;
    Array *a = containerArray(obj, handled);
    count = a ? containerCount(obj) : nullptr;
    if (!count)
      return nullptr;
    first = PointerRef{a, nullptr};
    value = mc->getArg(0);
  } else {
    const FunctionDecl *fd = e->getDirectCallee();
    if (!fd || !fd->isInStdNamespace() || !fd->getIdentifier() ||
        (fd->getName() != "fill" && fd->getName() != "fill_n") ||
        e->getNumArgs() != 3)
      return std::nullopt;
    first = fillPosition(e->getArg(0));
    if (!first)
      return nullptr;
    if (fd->getName() == "fill_n") {
      count = expr(e->getArg(1));
    } else {
      std::optional<PointerRef> last = fillPosition(e->getArg(1));
      if (!last)
        return nullptr;
      if (last->arr != first->arr) {
        error(e->getArg(1)->getExprLoc(), Diag::Construct,
              {"std::fill from one array to another",
               "give both ends in the same array"});
        return nullptr;
      }
      count = offsetPlus(last->offset ? last->offset
                                      : b.constant(0, Type::Long),
                         first->offset ? first->offset
                                       : b.constant(0, Type::Long),
                         true);
    }
    value = e->getArg(2);
  }
  if (!count)
    return nullptr;
  return fillLoop(*first, count, value, e);
}

Op *Lowerer::fillLoop(const PointerRef &first, Op *count, const Expr *value,
                      const Expr *call) {
  Array *a = first.arr;
  LValue probe{nullptr, a, b.constant(0, Type::Long)};
  if (!writableTarget(probe, call))
    return nullptr;
  if (a->isConst) {
    error(call->getExprLoc(), Diag::Construct,
          {"std::fill of the read-only array '" + shown(a) + "'",
           "fill an array the function may write"});
    return nullptr;
  }
  Op *v = expr(value);
  if (!v)
    return nullptr;
  Var *held = fn.newVar(uniqueName("fill_value"), a->elemType);
  b.decl(held, b.cast(v, a->elemType));
  if (!isInteger(count->type))
    count = b.cast(count, Type::Long);
  Var *i = fn.newVar(uniqueName("fill_i"), count->type);
  b.countedLoop(i, count, [&](Op *k) {
    write(LValue{nullptr, a, offsetPlus(first.offset, k), first.row},
          b.readVar(held));
  });
  return b.constant(0, Type::Int);
}

} // namespace adgen
