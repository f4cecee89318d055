// std::complex<T> (SPEC §5): an object of two leaves, paths `real()` and
// `imag()` (the wrapper passes `c.real()`, and for a shadow the address of
// the part, `&reinterpret_cast<T(&)[2]>(c)[0]`, as [complex.numbers]
// allows). c.real(), c.imag(), c.real(v), c.imag(v), std::real, std::imag,
// std::abs, std::norm and std::arg read and write them.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

namespace {

const char *const kParts[2] = {"real()", "imag()"};

/// T of std::complex<T>.
QualType partType(const RecordDecl *rd) {
  return cast<ClassTemplateSpecializationDecl>(rd)->getTemplateArgs()[0].getAsType();
}

} // namespace

bool Lowerer::complexLeaves(QualType t, Object &obj, UserParam &up,
                            std::vector<std::string> path, Passing passing,
                            SourceLocation loc, const std::string &base) {
  const RecordDecl *rd = t.getNonReferenceType()->getAsRecordDecl()->getDefinition();
  auto et = typeOf(partType(rd), nullptr, loc);
  if (!et || !isFloating(*et)) {
    if (!failed)
      stdClassError(loc, "'" + up.name + "'", t);
    return false;
  }
  cx.stdHeaders.insert("complex");
  obj.record = rd;
  obj.byValue = passing == Passing::Value;
  for (int k = 0; k < 2; ++k) {
    std::vector<std::string> p = path;
    p.push_back(kParts[k]);
    std::string name = uniqueName(base + (k ? "_im" : "_re"));
    Param prm;
    if (writable(passing)) {
      Array *a = fn.newArray(name, *et);
      a->scalarOut = true;
      a->size = 1;
      a->spelled = dotted(up.name, p);
      a->paramIndex = static_cast<int>(fn.params.size());
      obj.arrays[kParts[k]] = a;
      prm.arr = a;
    } else {
      Var *v = fn.newVar(name, *et);
      v->paramIndex = static_cast<int>(fn.params.size());
      obj.vars[kParts[k]] = v;
      prm.var = v;
    }
    up.leaves.push_back({static_cast<int>(fn.params.size()), p});
    fn.params.push_back(prm);
  }
  return true;
}

bool Lowerer::complexMembers(const RecordDecl *rd, Object &obj,
                             const std::string &prefix, SourceLocation loc) {
  auto et = typeOf(partType(rd), nullptr, loc);
  if (!et)
    return false;
  cx.stdHeaders.insert("complex");
  for (int k = 0; k < 2; ++k) {
    std::string name = uniqueName(prefix + (k ? "_im" : "_re"));
    if (!obj.cells) {
      obj.vars[kParts[k]] = fn.newVar(name, *et);
      continue;
    }
    Array *a = fn.newArray(name, *et);
    a->scalarLocal = true;
    a->size = 1;
    b.declArray(a);
    obj.arrays[kParts[k]] = a;
  }
  return true;
}

std::optional<Lowerer::LValue> Lowerer::complexPart(const Object &o, int k) {
  if (auto v = o.vars.find(kParts[k]); v != o.vars.end())
    return LValue{v->second, nullptr, nullptr};
  if (auto a = o.arrays.find(kParts[k]); a != o.arrays.end())
    return LValue{nullptr, a->second, b.constant(0, Type::Int)};
  return std::nullopt;
}

bool Lowerer::complexInit(Object &to, const Expr *e, bool declare) {
  // `std::complex<double> z(a, b)`, `z{a}`, `z`, or a copy of another one.
  Op *parts[2] = {nullptr, nullptr};
  const auto *ce = dyn_cast_or_null<CXXConstructExpr>(e ? e->IgnoreImplicit() : nullptr);
  if (ce && !ce->getConstructor()->isCopyOrMoveConstructor()) {
    for (unsigned k = 0; k < 2 && k < ce->getNumArgs(); ++k)
      if (!isa<CXXDefaultArgExpr>(ce->getArg(k)) && !(parts[k] = expr(ce->getArg(k))))
        return false;
  } else if (e) {
    Object *from = objectOf(ce ? ce->getArg(0) : e);
    if (!from)
      return false;
    for (int k = 0; k < 2; ++k)
      parts[k] = read(*complexPart(*from, k));
  }
  for (int k = 0; k < 2; ++k) {
    LValue lv = *complexPart(to, k);
    Type t = lv.var ? lv.var->type : lv.arr->elemType;
    Op *v = b.cast(parts[k] ? parts[k] : b.constant(0, t), t);
    if (declare && lv.var)
      b.decl(lv.var, v);
    else
      write(lv, v);
  }
  return true;
}

std::optional<Op *> Lowerer::complexCall(const CallExpr *e) {
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
      oc && oc->getOperator() == OO_Equal && oc->getNumArgs() == 2 &&
      stdClassOf(oc->getArg(0)->getType()) == StdClass::Complex &&
      stdClassOf(oc->getArg(1)->getType()) == StdClass::Complex)
    return objectAssign(oc); // z = w
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee || !callee->getIdentifier())
    return std::nullopt;
  std::string n = callee->getName().str();
  const Expr *objExpr = nullptr;
  std::vector<const Expr *> rest;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    objExpr = mc->getImplicitObjectArgument();
    for (const Expr *a : mc->arguments())
      rest.push_back(a);
  } else if (callee->isInStdNamespace() && e->getNumArgs() == 1) {
    objExpr = e->getArg(0);
  }
  if (!objExpr || stdClassOf(objExpr->getType()) != StdClass::Complex)
    return std::nullopt;
  const Expr *bare = objExpr;
  for (const Expr *prev = nullptr; bare != prev;)
    prev = bare, bare = bare->IgnoreImplicit()->IgnoreParens();
  if (const auto *inner = dyn_cast<CallExpr>(bare);
      inner && inner->getDirectCallee() &&
      inner->getDirectCallee()->isInStdNamespace()) { // (z * w).real()
    error(inner->getExprLoc(), Diag::Construct,
          {"std::complex arithmetic ('" + sourceText(inner) + "')",
           "write it with the parts: z.real() * w.real() - z.imag() * "
           "w.imag() for (z * w).real()"});
    return nullptr;
  }
  Object *o = objectOf(objExpr);
  if (!o)
    return nullptr;
  Op *re = read(*complexPart(*o, 0)), *im = read(*complexPart(*o, 1));
  if ((n == "real" || n == "imag") && rest.size() == 1) { // c.real(v)
    LValue lv = *complexPart(*o, n == "imag");
    Op *v = expr(rest[0]);
    if (!v)
      return nullptr;
    write(lv, b.cast(v, re->type));
    return b.constant(0, Type::Int);
  }
  if (!rest.empty())
    return std::nullopt;
  if (n == "real" || n == "imag")
    return n == "real" ? re : im;
  if (n == "abs")
    return b.math(MathFn::Hypot, {re, im});
  if (n == "norm")
    return b.binary(OpKind::Add, b.binary(OpKind::Mul, re, re),
                    b.binary(OpKind::Mul, im, im));
  if (n == "arg")
    return b.math(MathFn::Atan2, {im, re});
  error(e->getExprLoc(), Diag::Construct,
        {"'" + n + "' on std::complex",
         "write it with real() and imag() (adgen takes real, imag, abs, norm "
         "and arg)"});
  return nullptr;
}

} // namespace adgen
