// The instantiations a directive on a function template applies to: those
// its `instantiate(f<float>, f<double>)` clauses name, instantiated here as
// `template float f<float>(float);` would (through Sema, once the file is
// parsed), and those the file uses.
#include "frontend/Template.h"

#include "frontend/Diagnostics.h"

#include "clang/AST/Expr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/Template.h"
#include "clang/Sema/TemplateDeduction.h"

#include <algorithm>

namespace adgen {

using namespace clang;

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

/// The top-level comma-separated parts of `s` (inside <...> and (...)).
std::vector<std::string> splitArgs(const std::string &s) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : s) {
    depth += (c == '<' || c == '(') - (c == '>' || c == ')');
    if (c == ',' && depth == 0)
      out.emplace_back();
    else
      out.back() += c;
  }
  for (std::string &a : out)
    a = trim(a);
  return out;
}

/// A builtin type by its name, or a type the file declares (a struct, an
/// alias) as seen from `dc`; null type when there is none.
QualType typeNamed(ASTContext &ast, const DeclContext *dc, std::string n) {
  static const std::pair<const char *, CanQualType ASTContext::*> builtins[] = {
      {"float", &ASTContext::FloatTy},        {"double", &ASTContext::DoubleTy},
      {"long double", &ASTContext::LongDoubleTy}, {"int", &ASTContext::IntTy},
      {"unsigned", &ASTContext::UnsignedIntTy},
      {"unsigned int", &ASTContext::UnsignedIntTy},
      {"long", &ASTContext::LongTy},          {"unsigned long", &ASTContext::UnsignedLongTy},
      {"long long", &ASTContext::LongLongTy},
      {"unsigned long long", &ASTContext::UnsignedLongLongTy},
      {"short", &ASTContext::ShortTy},        {"unsigned short", &ASTContext::UnsignedShortTy},
      {"char", &ASTContext::CharTy},          {"bool", &ASTContext::BoolTy}};
  for (auto &[name, member] : builtins)
    if (n == name)
      return ast.*member;
  if (n == "size_t" || n == "std::size_t")
    return ast.getSizeType();
  if (n.rfind("::", 0) == 0) { // ::Vec3: from the global namespace
    n = n.substr(2);
    dc = ast.getTranslationUnitDecl();
  }
  std::vector<std::string> parts;
  for (size_t k; (k = n.find("::")) != std::string::npos; n = n.substr(k + 2))
    parts.push_back(n.substr(0, k));
  parts.push_back(n);
  for (; dc; dc = dc->getParent()) {
    const DeclContext *at = dc;
    const NamedDecl *found = nullptr;
    for (const std::string &p : parts) {
      found = nullptr;
      for (NamedDecl *nd : at->lookup(&ast.Idents.get(p)))
        found = nd;
      if (!found)
        break;
      at = dyn_cast<DeclContext>(found);
      if (!at && &p != &parts.back())
        break;
    }
    if (const auto *td = dyn_cast_or_null<TagDecl>(found))
      return ast.getCanonicalTagType(td);
    if (const auto *td = dyn_cast_or_null<TypedefNameDecl>(found))
      return td->getUnderlyingType().getCanonicalType();
  }
  return {};
}

/// The template arguments of `text` ("float, 3") for `ftd`; false after a
/// diagnostic.
bool templateArgs(Sema &S, const FunctionTemplateDecl *ftd,
                  const DirectiveArg &a, const std::string &text,
                  TemplateArgumentListInfo &out) {
  ASTContext &ast = S.getASTContext();
  DiagnosticsEngine &de = S.getDiagnostics();
  const TemplateParameterList *tpl = ftd->getTemplateParameters();
  std::vector<std::string> args = splitArgs(text);
  if (args.size() > tpl->size()) {
    report(de, a.loc, Diag::InstantiateBadArgs,
           {a.text, "'" + ftd->getNameAsString() + "' takes " +
                        std::to_string(tpl->size()) + " template argument" +
                        (tpl->size() == 1 ? "" : "s")});
    return false;
  }
  for (size_t k = 0; k < args.size(); ++k) {
    const NamedDecl *p = tpl->getParam(static_cast<unsigned>(k));
    if (isa<TemplateTypeParmDecl>(p) && !p->isTemplateParameterPack()) {
      QualType t = typeNamed(ast, ftd->getDeclContext(), args[k]);
      if (t.isNull()) {
        report(de, a.loc, Diag::InstantiateBadArgs,
               {a.text, "'" + args[k] + "' is not a type adgen can find "
                        "(a builtin type, or a struct or alias of the file)"});
        return false;
      }
      out.addArgument(TemplateArgumentLoc(
          TemplateArgument(t), ast.getTrivialTypeSourceInfo(t, a.loc)));
      continue;
    }
    const auto *np = dyn_cast<NonTypeTemplateParmDecl>(p);
    QualType t = np ? np->getType().getCanonicalType() : QualType();
    std::string v = args[k];
    bool neg = !v.empty() && v[0] == '-';
    std::string digits = neg ? trim(v.substr(1)) : v;
    bool number = !digits.empty() && digits.size() < 19 &&
                  std::all_of(digits.begin(), digits.end(), ::isdigit);
    if (v == "true" || v == "false")
      number = true, digits = v == "true" ? "1" : "0";
    if (!np || np->isTemplateParameterPack() || t.isNull() ||
        !t->isIntegralOrEnumerationType() || !number) {
      report(de, a.loc, Diag::InstantiateBadArgs,
             {a.text, "argument " + std::to_string(k + 1) + " ('" + v +
                          "') must be a type or an integer for " +
                          "the template parameter it stands for"});
      return false;
    }
    llvm::APInt value(64, std::stoll(digits), /*isSigned=*/true);
    Expr *e = IntegerLiteral::Create(ast, neg ? -value : value, ast.LongLongTy,
                                     a.loc);
    out.addArgument(TemplateArgumentLoc(TemplateArgument(e, false), e));
  }
  return true;
}

/// The instantiation `a` names (`f<float>`), instantiated; null after a
/// diagnostic.
const FunctionDecl *force(Sema &S, FunctionTemplateDecl *ftd,
                          const DirectiveArg &a) {
  DiagnosticsEngine &de = S.getDiagnostics();
  size_t lt = a.text.find('<');
  std::string name = trim(a.text.substr(0, lt));
  if (size_t c = name.rfind("::"); c != std::string::npos)
    name = name.substr(c + 2);
  if (name != ftd->getNameAsString()) {
    report(de, a.loc, Diag::InstantiateOther,
           {a.text, ftd->getNameAsString()});
    return nullptr;
  }
  std::string inner = a.text.substr(lt + 1, a.text.rfind('>') - lt - 1);
  TemplateArgumentListInfo args(a.loc, a.loc);
  if (!templateArgs(S, ftd, a, inner, args))
    return nullptr;
  FunctionDecl *spec = nullptr;
  sema::TemplateDeductionInfo info(a.loc);
  if (S.DeduceTemplateArguments(ftd, &args, spec, info) !=
          TemplateDeductionResult::Success ||
      !spec) {
    report(de, a.loc, Diag::InstantiateBadArgs,
           {a.text, "they do not fit the template's parameters"});
    return nullptr;
  }
  S.InstantiateFunctionDefinition(a.loc, spec, /*Recursive=*/true,
                                  /*DefinitionRequired=*/true,
                                  /*AtEndOfTU=*/true);
  if (de.hasErrorOccurred())
    return nullptr; // clang said why, "in instantiation ... requested here"
  return spec->getDefinition();
}

} // namespace

std::vector<const FunctionDecl *>
instantiationsOf(Sema &S, const FunctionTemplateDecl *ftdc,
                 const std::vector<const Directive *> &dirs) {
  auto *ftd = const_cast<FunctionTemplateDecl *>(ftdc);
  std::vector<const FunctionDecl *> out;
  bool good = true;
  auto add = [&](const FunctionDecl *fd) {
    if (std::find(out.begin(), out.end(), fd) == out.end())
      out.push_back(fd);
  };
  for (const Directive *d : dirs)
    if (d->kind == Directive::Instantiate)
      for (const DirectiveArg &a : d->args) {
        const FunctionDecl *fd = force(S, ftd, a);
        good = good && fd;
        if (fd)
          add(fd);
      }
  if (!good)
    return {};
  for (FunctionDecl *spec : ftd->specializations())
    if (const FunctionDecl *def = spec->getDefinition(); def && def->getBody())
      add(def);
  if (out.empty())
    report(S.getDiagnostics(), ftd->getTemplatedDecl()->getLocation(),
           Diag::TemplateNotInstantiated, {ftd->getNameAsString()});
  return out;
}

std::vector<const FunctionDecl *>
methodInstantiations(Sema &S, const CXXMethodDecl *md) {
  std::vector<const FunctionDecl *> out;
  for (ClassTemplateSpecializationDecl *spec :
       md->getParent()->getDescribedClassTemplate()->specializations())
    for (CXXMethodDecl *m : spec->methods())
      if (m->getInstantiatedFromMemberFunction() == md) {
        if (!m->hasBody()) // declared only: instantiated here
          S.InstantiateFunctionDefinition(m->getLocation(), m);
        if (const FunctionDecl *def = m->getDefinition(); def && def->getBody())
          out.push_back(def);
      }
  if (out.empty())
    report(S.getDiagnostics(), md->getLocation(), Diag::TemplateNotInstantiated,
           {md->getParent()->getNameAsString() + "::" + md->getNameAsString()});
  return out;
}

void reportNotATemplate(DiagnosticsEngine &de, const Directive &d,
                        const FunctionDecl *fd) {
  report(de, d.loc, Diag::InstantiateNotTemplate, {fd->getNameAsString()});
}

} // namespace adgen
