// Calls that write structs and scalars of the caller (see LowerObject.cpp):
// locals passed by reference live in one-element arrays a call can write;
// a returned struct is a last parameter `result`, written by the callee,
// read by the caller from a temporary; a method's object is a first
// parameter `self`.
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace adgen {

using namespace clang;

namespace {

/// The local variable an argument names (through members, `&`, `*`).
const VarDecl *rootLocal(const Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(e);
        u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref)) {
      e = u->getSubExpr();
    } else if (const auto *me = dyn_cast<MemberExpr>(e)) {
      e = me->getBase();
    } else if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
      // A local, or a scalar parameter passed by value (the function's own
      // copy, as a local).
      const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
      if (const auto *pd = dyn_cast_or_null<ParmVarDecl>(vd))
        return pd->getType()->isArithmeticType() ? pd : nullptr;
      return vd && vd->isLocalVarDecl() ? vd : nullptr;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

} // namespace

bool writesThrough(QualType t) {
  if (t->isReferenceType())
    return !t.getNonReferenceType().isConstQualified();
  if (const auto *pt = t->getAs<PointerType>())
    return !pt->getPointeeType().isConstQualified();
  return false;
}

void Lowerer::findAddressTaken(const Stmt *s) {
  if (!s)
    return;
  if (const auto *call = dyn_cast<CallExpr>(s)) {
    const FunctionDecl *fd = call->getDirectCallee();
    std::vector<const Expr *> args = userArgs(call);
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(fd);
    if (md && md->getParent()->isLambda()) // inlined: references bind
      fd = nullptr;
    bool member = md && !md->isStatic() && fd;
    if (member && !md->isConst() && !args.empty())
      if (const VarDecl *vd = rootLocal(args[0]))
        addressTaken.insert(vd);
    for (size_t i = member ? 1 : 0; fd && i < args.size(); ++i) {
      size_t k = member ? i - 1 : i;
      if (k < fd->getNumParams() && writesThrough(fd->getParamDecl(k)->getType()))
        if (const VarDecl *vd = rootLocal(args[i]))
          addressTaken.insert(vd);
    }
  }
  // `&x` of a scalar: x lives in a cell, the one-element array `&x` names.
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && u->getOpcode() == UO_AddrOf)
    if (const auto *dr = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParens()))
      if (const VarDecl *vd = rootLocal(dr);
          vd && vd->getType()->isArithmeticType())
        addressTaken.insert(vd);
  for (const Stmt *c : s->children())
    findAddressTaken(c);
}

std::vector<const Expr *> Lowerer::userArgs(const CallExpr *e) {
  std::vector<const Expr *> args;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e))
    args.push_back(mc->getImplicitObjectArgument());
  for (const Expr *a : e->arguments())
    args.push_back(a);
  return args;
}

Lowerer::Object *Lowerer::temporaryOf(const CallExpr *e) {
  const FunctionDecl *callee = e->getDirectCallee();
  const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
  const RecordDecl *rd = e->getType()->getAsRecordDecl();
  if (!def || !rd || !rd->getDefinition() ||
      ast().getSourceManager().isInSystemHeader(def->getLocation())) {
    error(e->getExprLoc(), Diag::Construct,
          {"the struct returned by '" + sourceText(e->getCallee()) + "'",
           "call a function of this file that returns the struct"});
    return nullptr;
  }
  Object *t = newTemporary(rd, e->getExprLoc(), "ret"); // LowerConstructor.cpp
  return t && userCall(e, def, t) ? t : nullptr;
}

bool Lowerer::resultParam(const FunctionDecl *fd) {
  const RecordDecl *rd = fd->getReturnType()->getAsRecordDecl();
  if (!rd || !(rd = rd->getDefinition()))
    return false;
  UserParam up;
  up.name = "result";
  up.typeName = recordSpelling(rd);
  up.passing = Passing::Pointer;
  up.aggregate = up.result = true;
  temporaries.emplace_back();
  result = &temporaries.back();
  result->record = rd;
  if (!flattenParam(rd, *result, up, {}, up.passing, fd->getLocation()))
    return false;
  fn.signature.push_back(up);
  fn.retType = Type::Void;
  return true;
}

bool Lowerer::selfParam(const CXXMethodDecl *md) {
  const CXXRecordDecl *rd = md->getParent()->getDefinition();
  UserParam up;
  up.name = "self";
  up.typeName = recordSpelling(rd);
  up.passing = md->isConst() ? Passing::ConstRef : Passing::Ref;
  up.aggregate = up.self = true;
  Object &obj = objects[nullptr];
  obj.record = rd;
  if (!flattenParam(rd, obj, up, {}, up.passing, md->getLocation()))
    return false;
  fn.signature.push_back(up);
  return true;
}

std::string Lowerer::functionName(const FunctionDecl *fd) {
  std::string n = fd->getNameAsString();
  if (fd->isOverloadedOperator()) {
    static const std::pair<OverloadedOperatorKind, const char *> words[] = {
        {OO_Plus, "plus"},         {OO_Minus, "minus"},
        {OO_Star, "times"},        {OO_Slash, "divide"},
        {OO_PlusEqual, "plus_eq"}, {OO_MinusEqual, "minus_eq"},
        {OO_StarEqual, "times_eq"}, {OO_SlashEqual, "divide_eq"},
        {OO_Subscript, "index"},   {OO_Call, "call"}};
    n = "operator";
    for (auto [k, w] : words)
      if (fd->getOverloadedOperator() == k)
        n += std::string("_") + w;
  }
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
    n = md->getParent()->getNameAsString() + "_" + n;
  return n;
}

} // namespace adgen
