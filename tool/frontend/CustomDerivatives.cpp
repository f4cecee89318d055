// Custom derivatives (SPEC §8; see CustomDerivatives.h): the directive's
// rules, the signature checks against SPEC §4, and the external function
// with its jvp and grad stubs.
#include "frontend/CustomDerivatives.h"

#include "frontend/Lowerer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace adgen {

void addCustomRule(LowerContext &cx, const Directive &d) {
  const std::string &name = d.args[0].text;
  auto [it, fresh] = cx.customRules.emplace(
      name, CustomRule{d.args[0], d.ruleJvp, d.ruleGrad});
  if (!fresh) {
    report(cx.diags, d.loc, Diag::CustomRuleTwice, {name});
    note(cx.diags, it->second.fn.loc, "the first derivative directive is here");
  }
}

const CustomRule *customRuleFor(const LowerContext &cx,
                                const FunctionDecl *fd) {
  if (cx.customRules.empty() || !fd->getIdentifier())
    return nullptr;
  for (const std::string &n :
       {fd->getQualifiedNameAsString(), fd->getNameAsString()}) {
    auto it = cx.customRules.find(n);
    if (it != cx.customRules.end())
      return &it->second;
  }
  return nullptr;
}

namespace {

/// The functions of dc (namespaces and extern "C" blocks included) that
/// `name` names.
void functionsNamed(const DeclContext *dc, const std::string &name,
                    std::vector<const FunctionDecl *> &out) {
  for (const Decl *d : dc->decls()) {
    if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
      if (fd->getIdentifier() && (fd->getQualifiedNameAsString() == name ||
                                  fd->getNameAsString() == name))
        out.push_back(fd);
    } else if (const auto *inner = dyn_cast<DeclContext>(d)) {
      if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d))
        functionsNamed(inner, name, out);
    }
  }
}

bool floatingPointer(QualType q) {
  return q->isPointerType() && q->getPointeeType()->isRealFloatingType();
}

/// What SPEC §4 makes the parameters of f's jvp (grad false) or grad: f's
/// own, a tangent or adjoint per floating-point one, then the result's.
std::vector<QualType> derivativeParams(ASTContext &ast, const FunctionDecl *fd,
                                       bool grad) {
  std::vector<QualType> t;
  for (const ParmVarDecl *p : fd->parameters())
    t.push_back(p->getType());
  for (const ParmVarDecl *p : fd->parameters()) {
    QualType q = p->getType().getUnqualifiedType();
    if (q->isRealFloatingType())
      t.push_back(grad ? ast.getPointerType(q) : q);
    else if (floatingPointer(q))
      t.push_back(
          grad ? ast.getPointerType(q->getPointeeType().getUnqualifiedType())
               : q);
  }
  QualType r = fd->getReturnType();
  if (r->isRealFloatingType())
    t.push_back(grad ? r : ast.getPointerType(r));
  return t;
}

std::string spelled(const std::string &name, QualType ret,
                    const std::vector<QualType> &params) {
  std::string s = ret.getAsString() + " " + name + "(";
  for (size_t i = 0; i < params.size(); ++i)
    s += (i ? ", " : "") + params[i].getAsString();
  return s + ")";
}

bool hasSignature(ASTContext &ast, const FunctionDecl *d, QualType ret,
                  const std::vector<QualType> &params) {
  if (!ast.hasSameType(d->getReturnType(), ret) ||
      d->getNumParams() != params.size())
    return false;
  for (unsigned i = 0; i < params.size(); ++i)
    if (!ast.hasSameUnqualifiedType(d->getParamDecl(i)->getType(), params[i]))
      return false;
  return true;
}

} // namespace

Function *lowerCustomFunction(LowerContext &cx, const FunctionDecl *fd,
                              const CustomRule &rule) {
  cx.module.functions.push_back(std::make_unique<Function>());
  Function *f = cx.module.functions.back().get();
  f->sourceFile =
      cx.ast.getSourceManager().getFilename(fd->getLocation()).str();
  return Lowerer(cx, *f).lowerCustom(fd, rule) ? f : nullptr;
}

bool Lowerer::lowerCustom(const FunctionDecl *fd, const CustomRule &rule) {
  for (const ParmVarDecl *p : fd->parameters()) {
    QualType q = p->getType();
    if (!q->isArithmeticType() &&
        !(q->isPointerType() && q->getPointeeType()->isArithmeticType())) {
      error(p->getLocation(), Diag::CustomParam,
            {fd->getNameAsString(), q.getAsString(),
             q->isReferenceType() ? "reference" : "type adgen cannot pass"});
      return false;
    }
  }
  if (!lowerHeader(fd))
    return false;
  fn.external = true;
  if (!declareKept(fd))
    return false;
  for (bool grad : {false, true}) {
    const DirectiveArg &named = grad ? rule.grad : rule.jvp;
    if (named.text.empty())
      continue;
    std::vector<QualType> want = derivativeParams(ast(), fd, grad);
    QualType ret = fd->getReturnType();
    std::string shape = spelled(named.text, ret, want);
    std::vector<const FunctionDecl *> found;
    functionsNamed(ast().getTranslationUnitDecl(), named.text, found);
    if (found.empty()) {
      error(named.loc, Diag::CustomNotFound,
            {named.text, fd->getNameAsString(), shape + ";"});
      return false;
    }
    const FunctionDecl *d = nullptr;
    for (const FunctionDecl *c : found)
      if (!d && hasSignature(ast(), c, ret, want))
        d = c;
    if (!d) {
      error(named.loc, Diag::CustomSignature,
            {named.text, grad ? "gradient" : "jvp", fd->getNameAsString(),
             shape});
      note(cx.diags, found.front()->getLocation(), "'%0' is declared here",
           {named.text});
      note(cx.diags, fd->getLocation(), "'%0' is declared here",
           {fd->getNameAsString()});
      return false;
    }
    if (!declareKept(d))
      return false;
    (grad ? fn.customGrad : fn.customJvp) = customStub(d, grad);
  }
  return true;
}

Function *Lowerer::customStub(const FunctionDecl *d, bool grad) {
  cx.module.functions.push_back(std::make_unique<Function>());
  Function &s = *cx.module.functions.back();
  s.name = d->getNameAsString();
  s.nameSpace = namespaceOf(d);
  s.retType = fn.retType;
  s.sourceFile = fn.sourceFile;
  s.loc = fn.loc;
  s.external = true;
  s.adjoint = grad;
  auto param = [&](Var *v, Array *a, int of) {
    (v ? v->paramIndex : a->paramIndex) = static_cast<int>(s.params.size());
    Param p{v, a};
    p.shadowOf = of;
    s.params.push_back(p);
  };
  auto cell = [&](const std::string &name, Type t) {
    Array *a = s.newArray(name, t);
    a->scalarOut = true;
    a->size = 1;
    return a;
  };
  for (const Param &p : fn.params) {
    if (p.var) {
      param(s.newVar(p.var->name, p.var->type), nullptr, -1);
    } else {
      Array *a = s.newArray(p.arr->name, p.arr->elemType);
      a->isConst = p.arr->isConst;
      param(nullptr, a, -1);
    }
  }
  const char *suffix = grad ? "_bar" : "_dot";
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Param &p = fn.params[i];
    int of = static_cast<int>(i);
    if (p.var && isFloating(p.var->type))
      grad ? param(nullptr, cell(p.var->name + suffix, p.var->type), of)
           : param(s.newVar(p.var->name + suffix, p.var->type), nullptr, of);
    if (p.arr && isFloating(p.arr->elemType)) {
      Array *a = s.newArray(p.arr->name + suffix, p.arr->elemType);
      a->isConst = !grad && p.arr->isConst;
      param(nullptr, a, of);
    }
  }
  if (isFloating(fn.retType))
    grad ? param(s.newVar(fn.name + suffix, fn.retType), nullptr,
                 Param::kResultShadow)
         : param(nullptr, cell(fn.name + suffix, fn.retType),
                 Param::kResultShadow);
  return &s;
}

} // namespace adgen
