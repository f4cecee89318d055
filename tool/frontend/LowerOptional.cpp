// std::optional of a passive scalar (SPEC §5 parameters with defaults:
// Clad's `double configured_scale(double v, std::optional<int> factor =
// std::nullopt)`): an object of two leaves, "has_value()" (a bool) and
// "value_or(0)" (its value, 0 when empty), which the wrapper passes as
// `factor.has_value(), factor.value_or(0)`. `has_value()`, `bool(o)`,
// `value_or(d)`, `*o` and `value()` are lowered on them; `std::nullopt`,
// a value and a copy make one (a default argument too). Integers are never
// active, so no shadows; an optional of floating point is refused.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace adgen {

using namespace clang;

/// T of std::optional<T>, or null when t is no optional.
static const ClassTemplateSpecializationDecl *optionalOf(QualType t) {
  if (stdClassOf(t) != StdClass::Optional)
    return nullptr;
  return cast<ClassTemplateSpecializationDecl>(
      t.getNonReferenceType().getCanonicalType()->getAsRecordDecl());
}

bool Lowerer::optionalLeaves(QualType t, Object &obj, UserParam &up,
                             SourceLocation loc) {
  const auto *spec = optionalOf(t);
  QualType elem = spec->getTemplateArgs()[0].getAsType();
  auto et = elem->isIntegralOrEnumerationType() ? typeOf(elem, nullptr, loc)
                                                : std::nullopt;
  if (!et) {
    error(
        loc, Diag::Construct,
        {"a std::optional of '" + elem.getAsString() + "' ('" + up.name + "')",
         "pass the value and a flag, or use std::optional of an integer"});
    return false;
  }
  cx.stdHeaders.insert("optional");
  up.typeName = "std::optional<" + std::string(typeName(*et)) + ">";
  obj.record = spec;
  for (auto [member, type] :
       {std::pair<const char *, Type>{"has_value()", Type::Bool},
        {"value_or(0)", *et}}) {
    Var *v = fn.newVar(
        uniqueName(up.name + (type == Type::Bool ? "_has" : "_value")), type);
    v->paramIndex = static_cast<int>(fn.params.size());
    obj.vars[member] = v;
    up.leaves.push_back({static_cast<int>(fn.params.size()), {member}});
    Param p;
    p.var = v;
    fn.params.push_back(p);
  }
  return true;
}

Lowerer::Object *Lowerer::optionalTemporary(const Expr *e) {
  const auto *spec = optionalOf(e->getType());
  const auto *ce = dyn_cast<CXXConstructExpr>(e->IgnoreImplicit());
  if (!spec || !ce)
    return nullptr;
  if (ce->getConstructor()->isCopyOrMoveConstructor())
    return objectOf(ce->getArg(0));
  auto et =
      typeOf(spec->getTemplateArgs()[0].getAsType(), nullptr, e->getExprLoc());
  if (!et)
    return nullptr;
  // `std::nullopt` (or none): empty; a value: present.
  const Expr *arg =
      ce->getNumArgs() ? ce->getArg(0)->IgnoreImplicit() : nullptr;
  const CXXRecordDecl *at =
      arg ? arg->getType()->getAsCXXRecordDecl() : nullptr;
  bool empty = !arg || (at && at->isInStdNamespace() && at->getIdentifier() &&
                        at->getName() == "nullopt_t");
  Op *value = empty ? b.constant(0, *et) : expr(arg);
  if (!value)
    return nullptr;
  temporaries.emplace_back();
  Object &o = temporaries.back();
  o.record = spec;
  Var *has = fn.newVar(uniqueName("opt_has"), Type::Bool);
  Var *v = fn.newVar(uniqueName("opt_value"), *et);
  b.decl(has, b.constant(empty ? 0 : 1, Type::Bool));
  b.decl(v, b.cast(value, *et));
  o.vars["has_value()"] = has;
  o.vars["value_or(0)"] = v;
  return &o;
}

std::optional<Op *> Lowerer::optionalCall(const CallExpr *e) {
  const Expr *obj = nullptr;
  std::string n;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    obj = mc->getImplicitObjectArgument();
    const CXXMethodDecl *md = mc->getMethodDecl();
    n = md && isa<CXXConversionDecl>(md) ? "bool"
        : md && md->getIdentifier()      ? md->getName().str()
                                         : "";
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
             oc && oc->getOperator() == OO_Star && oc->getNumArgs() == 1) {
    obj = oc->getArg(0);
    n = "value";
  }
  if (!obj || !optionalOf(obj->getType()))
    return std::nullopt;
  Object *o = objectOf(obj);
  if (!o)
    return nullptr;
  Op *has = b.readVar(o->vars.at("has_value()"));
  Op *val = b.readVar(o->vars.at("value_or(0)"));
  if (n == "has_value" || n == "bool")
    return has;
  if (n == "value") // present, or C++ throws: its value
    return val;
  if (n == "value_or" && e->getNumArgs() == 1) {
    Op *d = expr(e->getArg(0));
    return d ? b.select(has, val, b.cast(d, val->type)) : nullptr;
  }
  error(e->getExprLoc(), Diag::Construct,
        {"'" + n + "' on a std::optional",
         "use has_value(), value_or(d), value() or *o"});
  return nullptr;
}

} // namespace adgen
