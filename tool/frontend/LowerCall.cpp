// Calls: math functions, std::min/max/clamp/abs, assert, and functions of
// the file (or of a user header), lowered as calls to their own IR.
#include "frontend/CustomDerivatives.h"
#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace adgen {

using namespace clang;
Op *Lowerer::call(const CallExpr *e) {
  auto loc = e->getExprLoc();
  // free(p) of a heap local (LowerHeap.cpp).
  if (heapRelease(e))
    return failed ? nullptr : b.constant(0, Type::Int);
  // std::fill(first, last, v), a.fill(v) (LowerFill.cpp).
  if (std::optional<Op *> r = stdFill(e))
    return *r;
  // v.size(), v[i], std::get<0>(p) (LowerStdlib.cpp).
  if (std::optional<Op *> r = stdCall(e))
    return *r;
  // A call returning a reference or pointer: inlined (LowerPlace.cpp).
  if (const FunctionDecl *pf = placeCallee(e)) {
    auto lv = placeCall(e);
    if (!lv)
      return nullptr;
    return pf->getReturnType()->isPointerType() ? b.constant(0, Type::Int)
                                                : read(*lv);
  }
  // `a = b;` on structs: the implicit copy assignment, member by member.
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
      oc && oc->getOperator() == OO_Equal && oc->getNumArgs() == 2 &&
      oc->getArg(0)->getType()->isRecordType())
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(oc->getDirectCallee());
        md && md->isTrivial())
      return objectAssign(oc);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (md && md->getParent()->isLambda()) // `f.operator()()`
      return lambdaCall(mc, md);
    bool virt = md && md->isVirtual();
    const FunctionDecl *def = md ? md->getDefinition() : nullptr;
    if (virt || !def ||
        ast().getSourceManager().isInSystemHeader(def->getLocation())) {
      error(loc, virt ? Diag::VirtualCall : Diag::MemberFunction,
            {md ? md->getNameAsString() : sourceText(mc->getCallee())});
      return nullptr;
    }
    if (md->getReturnType()->isRecordType())
      return objectOf(e) ? b.constant(0, Type::Int) : nullptr;
    return userCall(e, def);
  }
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e))
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(oc->getDirectCallee()))
      if (oc->getOperator() == OO_Call && md->getParent()->isLambda())
        return lambdaCall(oc, md);
  const FunctionDecl *callee = e->getDirectCallee();
  if (!callee) {
    error(loc, Diag::IndirectCall);
    return nullptr;
  }
  // std::move(x), std::forward<T>(x) of a scalar: its value.
  if (callee->isInStdNamespace() && callee->getIdentifier() &&
      (callee->getName() == "move" || callee->getName() == "forward") &&
      e->getNumArgs() == 1 && e->getType()->isArithmeticType())
    return expr(e->getArg(0));
  auto &sm = ast().getSourceManager();
  const FunctionDecl *def = callee->getDefinition();
  // Functions of this file and of the (non-system) headers it includes.
  bool userDefined = def && !sm.isInSystemHeader(def->getLocation());
  if (customRuleFor(cx, callee)) // SPEC §8: the user's derivatives
    return failed ? nullptr : userCall(e, def ? def : callee);
  if (!userDefined)
    return libraryCall(e, callee, def);
  if (callee->getReturnType()->isRecordType()) // into a temporary
    return objectOf(e) ? b.constant(0, Type::Int) : nullptr;
  if (Op *kept = passiveRecursiveCall(e, def))
    return kept;
  return failed ? nullptr : userCall(e, def);
}

/// The name a math function is looked up by: `cos` for `__builtin_cos`
/// (what <cmath> and macros such as isnan may expand to).
static std::string mathSpelling(const FunctionDecl *callee) {
  if (!callee->getIdentifier())
    return "";
  llvm::StringRef n = callee->getName();
  if (callee->getBuiltinID() && n.starts_with("__builtin_"))
    n = n.drop_front(std::strlen("__builtin_"));
  return n.str();
}

Op *Lowerer::builtinConstant(const CallExpr *e, const FunctionDecl *callee) {
  if (!callee->getIdentifier() || !callee->getBuiltinID())
    return nullptr;
  llvm::StringRef n = callee->getName();
  bool inf = n == "__builtin_inf" || n == "__builtin_inff" ||
             n == "__builtin_infl" || n == "__builtin_huge_val" ||
             n == "__builtin_huge_valf" || n == "__builtin_huge_vall";
  bool nan = n == "__builtin_nan" || n == "__builtin_nanf" ||
             n == "__builtin_nanl";
  if (!(inf && e->getNumArgs() == 0) && !(nan && e->getNumArgs() == 1))
    return nullptr;
  if (nan) { // a payload other than the default one is not kept
    const auto *sl =
        dyn_cast<StringLiteral>(e->getArg(0)->IgnoreParenImpCasts());
    if (!sl || !sl->getString().empty())
      return nullptr;
  }
  auto t = typeOf(e->getType(), callee, e->getExprLoc());
  if (!t)
    return nullptr;
  return b.constant(inf ? std::numeric_limits<double>::infinity()
                        : std::numeric_limits<double>::quiet_NaN(),
                    *t);
}

/// A call to a function adgen cannot see: min/max/clamp/abs, a math
/// function, or an error.
Op *Lowerer::libraryCall(const CallExpr *e, const FunctionDecl *callee,
                         const FunctionDecl *def) {
  auto loc = e->getExprLoc();
  if (callee->getIdentifier()) {
    llvm::StringRef n = callee->getName();
    const DeclContext *dc = callee->getDeclContext()->getRedeclContext();
    bool library = dc->isTranslationUnit() || callee->isInStdNamespace();
    bool minMax = n == "min" || n == "max" || n == "clamp";
    bool abs = n == "abs" || n == "labs" || n == "llabs";
    if ((minMax && callee->isInStdNamespace()) ||
        (abs && library && e->getNumArgs() == 1 &&
         e->getArg(0)->getType()->isArithmeticType()))
      return stdMinMax(e, n);
  }
  if (Op *c = builtinConstant(e, callee))
    return c;
  MathFn fn;
  std::string name = mathSpelling(callee);
  if (callee->getIdentifier() && lookupMath(name, fn) &&
      e->getType()->isRealFloatingType() &&
      e->getNumArgs() == mathArity(fn)) {
    auto t = typeOf(e->getType(), callee, loc);
    if (!t)
      return nullptr;
    std::vector<Op *> args;
    for (const Expr *a : e->arguments()) {
      Op *v = expr(a);
      if (!v)
        return nullptr;
      args.push_back(b.cast(v, *t));
    }
    return b.math(fn, std::move(args));
  }
  if (callee->getIdentifier() && lookupMath(name, fn) &&
      e->getNumArgs() != mathArity(fn)) {
    error(loc, Diag::Construct,
          {"'" + callee->getNameAsString() + "' with " +
               std::to_string(e->getNumArgs()) + " arguments",
           "adgen differentiates '" + callee->getNameAsString() + "' with " +
               std::to_string(mathArity(fn)) + " argument" +
               (mathArity(fn) == 1 ? "" : "s") +
               (mathArity(fn) == 2 ? ": nest the calls" : "")});
    return nullptr;
  }
  bool failedBefore = failed;
  if (Op *m = frexpCall(e, name))
    return failed ? nullptr : m;
  if (Op *m = failed ? nullptr : ldexpCall(e, name))
    return failed ? nullptr : m;
  if (failed && !failedBefore)
    return nullptr;
  if (Op *kept = externCall(e, callee))
    return kept;
  if (failed && !failedBefore) // reported while lowering an argument
    return nullptr;
  error(loc,
        cx.checkpoint ? impureCallDiag(callee)
        : def         ? Diag::SystemCall
                      : Diag::UnknownCall,
        {callee->getNameAsString()});
  return nullptr;
}

/// A call to a function defined in the file or a user header: lowered (on
/// first use) to IR of its own, then called.
Op *Lowerer::userCall(const CallExpr *e, const FunctionDecl *def,
                      Object *dest) {
  auto loc = e->getExprLoc();
  if (!def->getIdentifier() &&
      !def->isOverloadedOperator()) { // a conversion, a literal operator
    error(loc, Diag::Construct,
          {"a call to '" + def->getNameAsString() + "'",
           "define a function with a name that does the same (e.g. "
           "'times(a, b)') and call that"});
    return nullptr;
  }
  Function *g = calleeAt(def, loc);
  if (!g)
    return nullptr;
  std::vector<Op *> scalars;
  std::vector<ArgAt> offsets;
  std::vector<Array *> arrs;
  std::vector<int> order;
  if (!callArgs(e, g, scalars, arrs, order, offsets, dest))
    return nullptr;
  offsets.resize(arrs.size());
  if (!checkAliasing(userArgs(e), g, arrs, order, offsets) ||
      globalWrittenByCall(g, arrs, order, e->getExprLoc()))
    return nullptr;
  return callOp(g, std::move(scalars), arrs, std::move(order), offsets);
}

/// Whether g tests its array parameter `a` against null (`if (out)`).
static bool testsNull(const Function &g, const Array *a) {
  bool tests = false;
  walk(g.body, [&](const Op &o) {
    tests = tests || (o.kind == OpKind::NonNull && o.arr == a);
  });
  return tests;
}

Op *Lowerer::callOp(Function *g, std::vector<Op *> scalars,
                    const std::vector<Array *> &arrs, std::vector<int> order,
                    const std::vector<ArgAt> &offsets) {
  // A row passed where g tests its pointer: inlined, the test would be of
  // the rows, not of the row.
  for (size_t k = 0; k < order.size() && k < g->params.size(); ++k)
    if (int a = order[k]; a < 0 && static_cast<size_t>(~a) < offsets.size() &&
                          offsets[~a].row && testsNull(*g, g->params[k].arr)) {
      error(here, Diag::Construct,
            {"passing a row of '" + shown(arrs[~a]) + "' to '" + g->name +
                 "', which tests its pointer against null",
             "pass a flag that says whether there is data: rows are not "
             "tested against null"});
      return nullptr;
    }
  Op *c = b.create(OpKind::Call, g->retType, std::move(scalars));
  c->callee = g;
  for (size_t k = 0; k < arrs.size(); ++k)
    addArrayArg(*c, arrs[k], offsets[k].offset, offsets[k].row);
  c->argOrder = std::move(order);
  return c;
}

Function *Lowerer::calleeAt(const FunctionDecl *def, SourceLocation loc) {
  // Inside a checkpointed loop the callee must be pure too: its diagnostics
  // say it was called from the loop, and where.
  if (cx.checkpoint)
    cx.checkpoint->calls.push_back({def->getNameAsString(), loc});
  Function *g = cx.calleeFor(def, loc);
  if (cx.checkpoint)
    cx.checkpoint->calls.pop_back();
  failed = failed || !g;
  return g;
}

/// Lowers the arguments of a call to `g`: scalars converted to the
/// parameter types, arrays by reference (~k in `order` for the k-th array).
bool Lowerer::callArgs(const CallExpr *e, const Function *g,
                       std::vector<Op *> &scalars, std::vector<Array *> &arrs,
                       std::vector<int> &order, std::vector<ArgAt> &offsets,
                       Object *dest) {
  if (!g->signature.empty()) { // references, structs: their leaves
    std::vector<const Expr *> args = userArgs(e);
    for (size_t i = 0; i < g->signature.size(); ++i) {
      const UserParam &up = g->signature[i];
      if (up.leaves.empty() && !up.result) { // a parameter g never names
        if (i < args.size() && !unusedArgument(args[i]))
          return false;
        continue;
      }
      bool ok = up.result ? dest && objectLeaves(*dest, e, g, up, scalars,
                                                 arrs, order, offsets)
                : i < args.size()
                    ? objectArgs(args[i], g, up, scalars, arrs, order, offsets)
                    : true;
      if (!ok)
        return false;
    }
    return true;
  }
  for (unsigned i = 0; i < e->getNumArgs() && i < g->params.size(); ++i) {
    const Expr *a = e->getArg(i);
    if (g->params[i].arr) {
      auto ref = nullArgument(a, g, g->params[i].arr);
      if (!ref)
        ref = pointerOf(a, false);
      if (!ref) {
        if (!failed)
          error(a->getExprLoc(), Diag::ArrayArg,
                {std::to_string(i + 1), g->name});
        return false;
      }
      order.push_back(~static_cast<int>(arrs.size()));
      offsets.resize(arrs.size());
      offsets.push_back({ref->offset, ref->row});
      arrs.push_back(ref->arr);
    } else {
      Op *v = expr(a);
      if (!v)
        return false;
      order.push_back(static_cast<int>(scalars.size()));
      scalars.push_back(b.cast(v, g->params[i].var->type));
    }
  }
  return true;
}

/// `nullptr` (or 0) for a pointer parameter g never uses (Clad's
/// `do_nothing(&x, nullptr, 0)`): a global array named `nullptr`, which
/// generated code passes as written; nullopt for any other argument.
std::optional<Lowerer::PointerRef>
Lowerer::nullArgument(const Expr *a, const Function *g, const Array *param) {
  // A recursive call: g's body is not complete, so whether it uses the
  // parameter is not known yet.
  if (!isNullPointer(a, ast()) || cx.lowering.count(g))
    return std::nullopt;
  bool used = false;
  walk(g->body, [&](const Op &o) {
    used = used || o.arr == param ||
           std::find(o.arrays.begin(), o.arrays.end(), param) !=
               o.arrays.end();
  });
  if (used)
    return std::nullopt;
  for (auto &arr : fn.arrays)
    if (arr->global && arr->name == "nullptr")
      return PointerRef{arr.get(), nullptr};
  Array *n = fn.newArray("nullptr", param->elemType);
  n->global = true; // no declaration (GlobalRoot empty: no extern either)
  n->isConst = true;
  return PointerRef{n, nullptr};
}

/// The argument of a call to g that IR parameter j of g comes from.
static unsigned userArgOf(const Function &g, unsigned j) {
  for (size_t u = 0; u < g.signature.size(); ++u)
    for (const Leaf &l : g.signature[u].leaves)
      if (l.param == static_cast<int>(j))
        return static_cast<unsigned>(u);
  return j;
}

/// A written array parameter must not overlap another array argument:
/// reports the first that does; false then.
/// The elements [0, extent) of g's array parameter `a` that g reads or
/// writes, when every index is a constant (or its size clause says); -1
/// when adgen cannot tell.
static int64_t constExtent(const Function &g, const Array *a) {
  if (a->size >= 0)
    return a->size;
  int64_t extent = 0;
  walk(g.body, [&](const Op &o) {
    if ((o.kind == OpKind::Load || o.kind == OpKind::Store) && o.arr == a)
      extent = o.operands[0]->kind == OpKind::Const && extent >= 0
                   ? std::max(extent, static_cast<int64_t>(
                                          o.operands[0]->num) + 1)
                   : -1;
    if (o.kind == OpKind::Call &&
        std::find(o.arrays.begin(), o.arrays.end(), a) != o.arrays.end())
      extent = -1;
  });
  return extent;
}

/// A constant offset (null: 0) or -1.
static int64_t constOffset(const Op *off) {
  if (!off)
    return 0;
  return off->kind == OpKind::Const && off->num >= 0
             ? static_cast<int64_t>(off->num)
             : -1;
}

/// Whether `x + ox` and `x + oy` passed to g's parameters p and q provably
/// do not overlap: constant offsets and extents.
static bool apart(const Function &g, const Param &p, const Op *ox,
                  const Param &q, const Op *oy) {
  int64_t a = constOffset(ox), c = constOffset(oy);
  int64_t ea = constExtent(g, p.arr), ec = constExtent(g, q.arr);
  if (a < 0 || c < 0 || ea < 0 || ec < 0)
    return false;
  return a + ea <= c || c + ec <= a;
}

bool Lowerer::checkAliasing(llvm::ArrayRef<const Expr *> args,
                            const Function *g,
                            const std::vector<Array *> &arrs,
                            const std::vector<int> &order,
                            const std::vector<ArgAt> &offsets) {
  for (size_t i = 0; i < g->params.size(); ++i)
    for (size_t j = i + 1; j < g->params.size(); ++j) {
      const Param &p = g->params[i], &q = g->params[j];
      if (!p.arr || !q.arr || order[i] >= 0 || order[j] >= 0 ||
          arrs[~order[i]] != arrs[~order[j]] ||
          (p.arr->isConst && q.arr->isConst) ||
          apart(*g, p, offsets[~order[i]].offset, q,
                offsets[~order[j]].offset))
        continue;
      unsigned u = userArgOf(*g, static_cast<unsigned>(j));
      error(args[u < args.size() ? u : args.size() - 1]->getExprLoc(),
            Diag::AliasedArgs,
            {shown(arrs[~order[i]]), shown(p.arr), shown(q.arr), g->name});
      return false;
    }
  return true;
}

Op *Lowerer::stdMinMax(const CallExpr *e, llvm::StringRef n) {
  auto loc = e->getExprLoc();
  bool isAbs = n == "abs" || n == "labs" || n == "llabs";
  unsigned want = isAbs ? 1 : n == "clamp" ? 3 : 2;
  // std::min / std::max with std::less or std::greater as the comparison.
  bool greater = false;
  if (!isAbs && n != "clamp" && e->getNumArgs() == 3) {
    const auto *cmp = e->getArg(2)->IgnoreImplicit()->getType()->getAsRecordDecl();
    if (cmp && cmp->isInStdNamespace() &&
        (cmp->getName() == "less" || cmp->getName() == "greater")) {
      greater = cmp->getName() == "greater";
      want = 3;
    }
  }
  if (e->getNumArgs() != want) {
    std::string f = "std::" + n.str();
    if (e->getNumArgs() == 1)
      error(loc, Diag::Construct,
            {f + " of an initializer list",
             "nest the calls: '" + f + "(a, " + f + "(b, c))'"});
    else
      error(loc, Diag::Construct,
            {f + " with a comparison function",
             "compare explicitly, e.g. 'comp(b, a) ? b : a' for std::min"});
    return nullptr;
  }
  auto t = typeOf(e->getType(), nullptr, loc);
  if (!t)
    return nullptr;
  std::vector<Op *> v;
  for (const Expr *a : e->arguments()) {
    if (v.size() == 2 && n != "clamp") // the comparison object
      break;
    Op *x = expr(a);
    if (!x)
      return nullptr;
    v.push_back(b.cast(x, *t));
  }
  // comp(x, y): x < y, or x > y for std::greater.
  auto lt = [&](Op *x, Op *y) {
    return greater ? b.binary(OpKind::Lt, y, x) : b.binary(OpKind::Lt, x, y);
  };
  if (isAbs) {
    if (isFloating(*t))
      return b.math(MathFn::Fabs, {v[0]});
    Op *neg = b.create(OpKind::Neg, *t, {v[0]});
    return b.select(lt(v[0], b.constant(0, *t)), neg, v[0]);
  }
  // As the standard library defines them: min(a, b) is (b < a) ? b : a,
  // max(a, b) is (a < b) ? b : a, clamp(v, lo, hi) is
  // (v < lo) ? lo : (hi < v) ? hi : v.
  if (n == "min")
    return b.select(lt(v[1], v[0]), v[1], v[0]);
  if (n == "max")
    return b.select(lt(v[0], v[1]), v[1], v[0]);
  Op *upper = b.select(lt(v[2], v[0]), v[2], v[0]);
  return b.select(lt(v[0], v[1]), v[1], upper);
}

} // namespace adgen
