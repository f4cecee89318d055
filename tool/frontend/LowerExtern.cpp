// Calls kept as they are (SPEC §5 "Calls"): a function of the C/C++ math
// headers that adgen does not differentiate (std::beta, std::ldexp,
// std::ilogb, std::isnan, ...), on scalar arguments. It is lowered as an
// Extern op; the transforms refuse it only where its result turns out
// active (a floating-point result of active arguments), since a derivative
// is then needed and adgen has none.
#include "frontend/CustomDerivatives.h"
#include "frontend/Lowerer.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/NestedNameSpecifier.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <set>

namespace adgen {

using namespace clang;

namespace {

/// True when `fd` is declared by <cmath> or <math.h>, or a header they
/// include: the generated file includes <cmath>, so such a call compiles
/// there too (SPEC §4: it includes only standard headers and the runtime).
bool fromMathHeaders(const FunctionDecl *fd, const SourceManager &sm) {
  SourceLocation loc = sm.getExpansionLoc(fd->getCanonicalDecl()->getLocation());
  if (!loc.isValid() || !sm.isInSystemHeader(loc))
    return false;
  for (FileID id = sm.getFileID(loc); id.isValid();) {
    if (auto f = sm.getFileEntryRefForID(id)) {
      llvm::StringRef name = f->getName();
      name = name.substr(name.find_last_of('/') + 1);
      if (name == "cmath" || name == "math.h")
        return true;
    }
    SourceLocation inc = sm.getIncludeLoc(id);
    if (!inc.isValid())
      break;
    id = sm.getFileID(inc);
  }
  return false;
}

/// std::ldexp is <math.h>'s ::ldexp brought into std: spelled as the user
/// did (a call written `std::f` stays `std::f`).
bool spelledStd(const CallExpr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->getCallee()->IgnoreImpCasts());
  if (!ref)
    return false;
  NestedNameSpecifier q = ref->getQualifier();
  if (!q || q.getKind() != NestedNameSpecifier::Kind::Namespace)
    return false;
  const NamespaceDecl *ns = q.getAsNamespaceAndPrefix().Namespace->getNamespace();
  return ns && ns->isStdNamespace();
}

/// A scalar that cannot be a pointer to memory adgen tracks.
bool passiveScalar(clang::QualType t) {
  t = t.getCanonicalType();
  return t->isArithmeticType() && !t->isAnyComplexType();
}

/// A string literal argument (after its decay to a pointer), or null.
const StringLiteral *stringArg(const Expr *a) {
  return dyn_cast<StringLiteral>(a->IgnoreParenImpCasts());
}

/// The call of `printf("...", n);`: a call of a library function (the C
/// library's or std's, not a method or an operator) whose arguments are
/// passive scalars and string literals and whose result, if any, is a
/// scalar; null otherwise.
const CallExpr *keptCallOf(const Expr *e, const SourceManager &sm) {
  e = e->IgnoreParens();
  if (const auto *c = dyn_cast<CStyleCastExpr>(e); // (void)printf(...)
      c && c->getType()->isVoidType())
    e = c->getSubExpr()->IgnoreParens();
  const auto *ce = dyn_cast<CallExpr>(e);
  if (!ce || isa<CXXMemberCallExpr>(ce) || isa<CXXOperatorCallExpr>(ce))
    return nullptr;
  const FunctionDecl *fd = ce->getDirectCallee();
  if (!fd || !fd->getIdentifier() || fd->isCXXClassMember())
    return nullptr;
  const FunctionDecl *def = fd->getDefinition();
  if (def && !sm.isInSystemHeader(def->getLocation()))
    return nullptr; // the file's own: lowered and analysed as usual
  const DeclContext *dc = fd->getDeclContext()->getRedeclContext();
  if (!dc->isTranslationUnit() && !fd->isInStdNamespace())
    return nullptr;
  if (!fd->getReturnType()->isVoidType() &&
      !passiveScalar(fd->getReturnType()))
    return nullptr;
  for (const Expr *a : ce->arguments())
    if (!stringArg(a) && !passiveScalar(a->getType()))
      return nullptr;
  // A reference parameter may write its argument (`void g(double &out)`):
  // not a call that changes nothing the function computes.
  for (const ParmVarDecl *p : fd->parameters())
    if (p->getType()->isReferenceType() &&
        !p->getType().getNonReferenceType().isConstQualified())
      return nullptr;
  return ce;
}

/// The standard header a kept call's callee is declared by, as the file
/// includes it (the outermost system header on the way: `cstdio`, or
/// `stdio.h`); "" when it is not a standard one.
std::string headerOf(const FunctionDecl *fd, const SourceManager &sm) {
  static const char *const known[] = {
      "cstdio",  "stdio.h",  "cstdlib", "stdlib.h", "cstring", "string.h",
      "ctime",   "time.h",   "cmath",   "math.h",   "cassert", "assert.h",
      "cerrno",  "errno.h",  "cfenv",   "fenv.h",   "csignal", "signal.h",
      "cinttypes", "inttypes.h", "unistd.h"};
  SourceLocation loc =
      sm.getExpansionLoc(fd->getCanonicalDecl()->getLocation());
  if (!loc.isValid() || !sm.isInSystemHeader(loc))
    return "";
  FileID id = sm.getFileID(loc);
  for (SourceLocation inc = sm.getIncludeLoc(id);
       inc.isValid() && sm.isInSystemHeader(inc); inc = sm.getIncludeLoc(id))
    id = sm.getFileID(inc);
  auto f = sm.getFileEntryRefForID(id);
  if (!f)
    return "";
  llvm::StringRef name = f->getName();
  name = name.substr(name.find_last_of('/') + 1);
  for (const char *k : known)
    if (name == k)
      return k;
  return "";
}

} // namespace

std::string keptDeclarations(const LowerContext &cx) {
  std::string s;
  for (const std::string &d : cx.keptDeclarations)
    s += d + "\n";
  return s.empty() ? s : "\n" + s;
}

/// What the output needs to name a kept call's callee: its standard header,
/// or a copy of the file's own declaration of it; false when neither.
bool Lowerer::declareKept(const FunctionDecl *callee) {
  const SourceManager &sm = ast().getSourceManager();
  const FunctionDecl *first = callee->getCanonicalDecl();
  if (sm.isInSystemHeader(sm.getExpansionLoc(first->getLocation()))) {
    std::string h = headerOf(callee, sm);
    if (!h.empty())
      cx.stdHeaders.insert(h);
    return !h.empty();
  }
  SourceRange r = first->getSourceRange();
  if (r.getBegin().isMacroID() || r.getEnd().isMacroID() ||
      !sm.isWrittenInMainFile(r.getBegin()))
    return false;
  // A definition (no declaration before it): its head only, declared here
  // and defined where the user's file is compiled.
  CharSourceRange range = CharSourceRange::getTokenRange(r);
  if (const Stmt *body = first->doesThisDeclarationHaveABody()
                             ? first->getBody()
                             : nullptr) {
    if (body->getBeginLoc().isMacroID())
      return false;
    range = CharSourceRange::getCharRange(r.getBegin(), body->getBeginLoc());
  }
  std::string text =
      Lexer::getSourceText(range, sm, ast().getLangOpts()).rtrim().str();
  if (text.empty())
    return false;
  bool externC = isa<LinkageSpecDecl>(first->getLexicalDeclContext());
  cx.keptDeclarations.insert((externC ? "extern \"C\" " : "") + text + ";");
  return true;
}

bool Lowerer::keptCall(const Expr *e) {
  const CallExpr *ce = keptCallOf(e, ast().getSourceManager());
  MathFn fn;
  if (!ce || cx.checkpoint || // a re-run would repeat it: refused there
      lookupMath(ce->getDirectCallee()->getName().str(), fn) ||
      customRuleFor(cx, ce->getDirectCallee())) // SPEC §8: LowerCall.cpp
    return false;
  const FunctionDecl *callee = ce->getDirectCallee();
  if (Op *kept = externCall(ce, callee)) // a pure math-header function
    return kept != nullptr;
  if (failed)
    return true;
  if (!declareKept(callee))
    return false; // refused as before: the output could not name it
  std::vector<Op *> args;
  std::vector<std::string> literals;
  std::vector<int> order;
  for (const Expr *a : ce->arguments()) {
    if (const StringLiteral *sl = stringArg(a)) {
      std::string text;
      llvm::raw_string_ostream os(text);
      sl->outputString(os);
      order.push_back(~static_cast<int>(literals.size()));
      literals.push_back(os.str());
      continue;
    }
    auto t = typeOf(a->getType(), nullptr, a->getExprLoc());
    Op *v = t ? expr(a) : nullptr;
    if (!v)
      return true;
    order.push_back(static_cast<int>(args.size()));
    args.push_back(b.cast(v, *t));
  }
  SourceLoc saved = b.currentLoc();
  setLoc(ce->getExprLoc());
  Op *c = b.create(OpKind::KeptCall, Type::Void, std::move(args));
  b.setLoc(saved);
  c->externName = (spelledStd(ce) || callee->isInStdNamespace() ? "std::"
                                                                : "::") +
                  callee->getNameAsString();
  c->literals = std::move(literals);
  c->argOrder = std::move(order);
  return true;
}

Op *Lowerer::externCall(const CallExpr *e, const FunctionDecl *callee) {
  if (!callee->getIdentifier() || callee->isVariadic() ||
      e->getNumArgs() != callee->getNumParams() ||
      !fromMathHeaders(callee, ast().getSourceManager()))
    return nullptr;
  Diag impure = impureCallDiag(callee);
  if (impure == Diag::RandomInCheckpoint || impure == Diag::IOInCheckpoint ||
      impure == Diag::ClockInCheckpoint)
    return nullptr;
  // Scalars in, a scalar out: nothing else can touch memory.
  auto scalar = [](QualType t) {
    t = t.getCanonicalType();
    return t->isArithmeticType() && !t->isAnyComplexType();
  };
  if (!scalar(callee->getReturnType()))
    return nullptr;
  for (const ParmVarDecl *p : callee->parameters())
    if (!scalar(p->getType()))
      return nullptr;
  Op *c = externOp(e, callee);
  if (!c)
    return nullptr;
  c->externName = (spelledStd(e) || callee->isInStdNamespace() ? "std::"
                                                               : "::") +
                  callee->getNameAsString();
  return c;
}

/// Whether `fd` calls itself, directly or through other functions of the
/// file (their definitions).
static bool recursive(const FunctionDecl *fd) {
  std::set<const FunctionDecl *> seen;
  std::vector<const FunctionDecl *> work{fd};
  std::function<bool(const Stmt *)> calls = [&](const Stmt *s) {
    if (const auto *ce = dyn_cast<CallExpr>(s))
      if (const FunctionDecl *c = ce->getDirectCallee())
        if (const FunctionDecl *d = c->getDefinition()) {
          if (d == fd)
            return true;
          if (seen.insert(d).second)
            work.push_back(d);
        }
    for (const Stmt *c : s->children())
      if (c && calls(c))
        return true;
    return false;
  };
  while (!work.empty()) {
    const FunctionDecl *f = work.back();
    work.pop_back();
    if (f->getBody() && calls(f->getBody()))
      return true;
  }
  return false;
}

Op *Lowerer::passiveRecursiveCall(const CallExpr *e, const FunctionDecl *def) {
  // Integers in, an integer out (`uint64_t factorial(uint64_t)`): nothing
  // active goes in or comes out, so the recursion needs no derivative and
  // the call is kept as written, against the user's definition (SPEC §5:
  // calls whose arguments are all inactive). Not in a checkpointed loop,
  // where a re-run would repeat what it may print.
  auto passive = [](QualType t) {
    t = t.getCanonicalType();
    return t->isIntegralOrEnumerationType();
  };
  if (cx.checkpoint || !passive(def->getReturnType()) || isa<CXXMethodDecl>(def) ||
      !def->getIdentifier() || def->isVariadic() ||
      e->getNumArgs() != def->getNumParams() ||
      !def->hasExternalFormalLinkage() || def->isInlined() ||
      def->getTemplatedKind() != FunctionDecl::TK_NonTemplate)
    return nullptr;
  for (const ParmVarDecl *p : def->parameters())
    if (!passive(p->getType()))
      return nullptr;
  if (!recursive(def) || !declareKept(def))
    return nullptr;
  Op *c = externOp(e, def);
  if (c)
    c->externName = "::" + def->getQualifiedNameAsString();
  return c;
}

Op *Lowerer::externOp(const CallExpr *e, const FunctionDecl *callee) {
  auto loc = e->getExprLoc();
  auto rt = typeOf(e->getType(), nullptr, loc);
  if (!rt)
    return nullptr;
  std::vector<Op *> args;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    auto pt = typeOf(callee->getParamDecl(i)->getType(), nullptr, loc);
    Op *v = pt ? expr(e->getArg(i)) : nullptr;
    if (!v)
      return nullptr;
    args.push_back(b.cast(v, *pt));
  }
  // At the call itself, where a refusal points.
  SourceLoc saved = b.currentLoc();
  setLoc(loc);
  Op *c = b.create(OpKind::Extern, *rt, std::move(args));
  b.setLoc(saved);
  return c;
}

/// frexp(x, &e), e an integer variable: e = ilogb(x) + 1 for a finite
/// non-zero x (else 0, and the mantissa is x itself), and the mantissa
/// x · 2^-e as two exact scalings (2^-e alone may overflow for a subnormal
/// x), so it is differentiated as that product: d/dx = 2^-e, the exponent
/// being piecewise constant.
Op *Lowerer::frexpCall(const CallExpr *e, llvm::StringRef name) {
  if ((name != "frexp" && name != "frexpf" && name != "frexpl") ||
      e->getNumArgs() != 2)
    return nullptr;
  const auto *addr = dyn_cast<UnaryOperator>(e->getArg(1)->IgnoreParenImpCasts());
  if (!addr || addr->getOpcode() != UO_AddrOf ||
      !addr->getSubExpr()->getType()->isIntegerType())
    return nullptr;
  auto loc = e->getExprLoc();
  auto t = typeOf(e->getType(), nullptr, loc);
  std::optional<LValue> exp =
      t ? lvalue(addr->getSubExpr()) : std::nullopt;
  Op *x = exp && writableTarget(*exp, addr) ? expr(e->getArg(0)) : nullptr;
  if (!x)
    return nullptr;
  x = b.cast(x, *t);
  SourceLoc saved = b.currentLoc();
  setLoc(loc);
  auto call = [&](const char *fn, Type rt, std::vector<Op *> args) {
    Op *c = b.create(OpKind::Extern, rt, std::move(args));
    c->externName = fn;
    return c;
  };
  Op *finite = b.binary(OpKind::And, call("std::isfinite", Type::Bool, {x}),
                        b.binary(OpKind::Ne, x, b.constant(0, *t)));
  Op *ev = b.binary(OpKind::Add,
                    b.select(finite, call("std::ilogb", Type::Int, {x}),
                             b.constant(-1, Type::Int)),
                    b.constant(1, Type::Int));
  Var *ex = fn.newVar(uniqueName("frexp_exp"), Type::Int);
  b.decl(ex, ev);
  Op *minus = b.create(OpKind::Neg, Type::Int, {b.readVar(ex)});
  Op *half = b.binary(OpKind::Div, minus, b.constant(2, Type::Int));
  Op *rest = b.binary(OpKind::Sub, b.create(OpKind::Neg, Type::Int,
                                            {b.readVar(ex)}),
                      half);
  Op *m = b.binary(
      OpKind::Mul,
      b.binary(OpKind::Mul, x,
               call("std::ldexp", *t, {b.constant(1, *t), half})),
      call("std::ldexp", *t, {b.constant(1, *t), rest}));
  write(*exp, b.cast(b.readVar(ex),
                     exp->var ? exp->var->type : exp->arr->elemType));
  b.setLoc(saved);
  return m;
}

/// ldexp(x, n) / scalbn(x, n) on a value x that is not a literal (it may be
/// active): x · 2^h · 2^(n-h), h = n / 2, two exact scalings (2^n alone may
/// overflow where the result does not), differentiated as that product.
/// A literal x stays a kept call (`std::ldexp(1.0, m)`).
Op *Lowerer::ldexpCall(const CallExpr *e, llvm::StringRef name) {
  bool known = name == "ldexp" || name == "ldexpf" || name == "ldexpl" ||
               name == "scalbn" || name == "scalbnf" || name == "scalbnl";
  if (!known || e->getNumArgs() != 2 ||
      !e->getType()->isRealFloatingType() ||
      !e->getArg(1)->getType()->isIntegerType() ||
      isa<FloatingLiteral>(e->getArg(0)->IgnoreParenImpCasts()) ||
      isa<IntegerLiteral>(e->getArg(0)->IgnoreParenImpCasts()))
    return nullptr;
  auto t = typeOf(e->getType(), nullptr, e->getExprLoc());
  Op *x = t ? expr(e->getArg(0)) : nullptr;
  Op *n = x ? expr(e->getArg(1)) : nullptr;
  if (!n)
    return nullptr;
  x = b.cast(x, *t);
  n = b.cast(n, Type::Int);
  SourceLoc saved = b.currentLoc();
  setLoc(e->getExprLoc());
  auto pow2 = [&](Op *k) {
    Op *c = b.create(OpKind::Extern, *t, {b.constant(1, *t), k});
    c->externName = "std::ldexp";
    return c;
  };
  Op *half = b.binary(OpKind::Div, n, b.constant(2, Type::Int));
  Op *m = b.binary(OpKind::Mul, b.binary(OpKind::Mul, x, pow2(half)),
                   pow2(b.binary(OpKind::Sub, n, half)));
  b.setLoc(saved);
  return m;
}

} // namespace adgen
