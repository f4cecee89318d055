// What the emitter needs about a function template's instantiation: the
// primary template's head, the arguments, and which of the parameter and
// return types are a template type parameter (ir/Template.h).
#include "frontend/Template.h"

#include "clang/AST/PrettyPrinter.h"
#include "llvm/Support/raw_ostream.h"

namespace adgen {

using namespace clang;

namespace {

/// `class T` / `int N` for a template parameter; empty when it cannot be
/// spelled in a head (packs, template template parameters).
std::string headParam(const NamedDecl *p, const PrintingPolicy &pp) {
  if (p->isTemplateParameterPack())
    return "";
  if (const auto *tp = dyn_cast<TemplateTypeParmDecl>(p))
    return "class " + tp->getNameAsString();
  if (const auto *np = dyn_cast<NonTypeTemplateParmDecl>(p)) {
    QualType t = np->getType().getCanonicalType();
    if (!t->isIntegralOrEnumerationType() || t->isEnumeralType())
      return "";
    return t.getAsString(pp) + " " + np->getNameAsString();
  }
  return "";
}

/// An argument as C++ ("double", "3"); empty when it is neither a type nor
/// an integer.
std::string argText(const TemplateArgument &a, const PrintingPolicy &pp) {
  if (a.getKind() == TemplateArgument::Type)
    return a.getAsType().getCanonicalType().getAsString(pp);
  if (a.getKind() == TemplateArgument::Integral)
    return llvm::toString(a.getAsIntegral(), 10);
  return "";
}

/// "double" → "double", "unsigned long" → "unsigned_long", "-1" → "m1",
/// "ns::Vec3" → "ns_Vec3".
std::string identifierOf(const std::string &s) {
  std::string id;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      id += c;
    else if (c == '-')
      id += 'm';
    else if (id.empty() || id.back() != '_')
      id += '_';
  }
  while (!id.empty() && id.back() == '_')
    id.pop_back();
  return id;
}

/// Which template type parameter (of depth 0) `t` is once references,
/// pointers and const are taken off; -1 when it does not depend on one.
int baseParam(QualType t) {
  if (const auto *rt = t->getAs<ReferenceType>())
    t = rt->getPointeeType();
  if (const auto *pt = t->getAs<PointerType>())
    t = pt->getPointeeType();
  t = t.getUnqualifiedType();
  if (const auto *tp = t->getAs<TemplateTypeParmType>())
    return tp->getDepth() == 0 ? static_cast<int>(tp->getIndex())
                               : TemplateInfo::kUnspellable;
  return t->isDependentType() || t->isInstantiationDependentType()
             ? TemplateInfo::kUnspellable
             : -1;
}

/// Every loop under `s`, by where it begins.
void loopsUnder(const Stmt *s, std::map<unsigned, const Stmt *> &out) {
  if (!s)
    return;
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s))
    out.emplace(s->getBeginLoc().getRawEncoding(), s);
  for (const Stmt *c : s->children())
    loopsUnder(c, out);
}

} // namespace

void mirrorLoopDirectives(
    const Stmt *pattern, const Stmt *inst,
    std::map<const Stmt *, checkpoint::Policy> &policies,
    std::map<const Stmt *, SourceLocation> &directives) {
  std::map<unsigned, const Stmt *> from, to;
  loopsUnder(pattern, from);
  loopsUnder(inst, to);
  for (auto &[at, loop] : from) {
    auto p = policies.find(loop);
    auto d = directives.find(loop);
    auto there = to.find(at);
    if (p == policies.end() || d == directives.end() || there == to.end())
      continue;
    policies[there->second] = p->second;
    directives[there->second] = d->second;
  }
}

std::shared_ptr<const TemplateInfo> templateInfoOf(const FunctionDecl *fd,
                                                   ASTContext &ast) {
  const FunctionTemplateDecl *ftd = fd->getPrimaryTemplate();
  const TemplateArgumentList *args = fd->getTemplateSpecializationArgs();
  if (!ftd || !args)
    return nullptr;
  PrintingPolicy pp = ast.getPrintingPolicy();
  pp.SuppressTagKeyword = true;
  auto info = std::make_shared<TemplateInfo>();
  info->key = ftd->getQualifiedNameAsString() + "@" +
              std::to_string(ftd->getLocation().getRawEncoding());
  bool spellable = true;
  std::string head;
  for (const NamedDecl *p : *ftd->getTemplateParameters()) {
    std::string h = headParam(p, pp);
    spellable = spellable && !h.empty();
    head += (head.empty() ? "" : ", ") + h;
    info->paramNames.push_back(p->getNameAsString());
  }
  for (const TemplateArgument &a : args->asArray()) {
    std::string t = argText(a, pp);
    spellable = spellable && !t.empty();
    info->argTexts.push_back(t);
    if (t.empty()) { // a pack, a template: still named, for internal names
      llvm::raw_string_ostream os(t);
      a.print(pp, os, /*IncludeType=*/false);
    }
    info->args += (info->args.empty() ? "" : ", ") + t;
    info->id += (info->id.empty() ? "" : "_") + identifierOf(t);
  }
  if (info->argTexts.size() != info->paramNames.size())
    spellable = false;
  if (info->id.empty()) // an empty pack
    info->id = "empty";
  const FunctionDecl *pattern = ftd->getTemplatedDecl();
  if (spellable && pattern->getNumParams() == fd->getNumParams()) {
    info->head = "template <" + head + ">";
    for (const ParmVarDecl *p : pattern->parameters())
      info->paramBase.push_back(baseParam(p->getType()));
    info->retBase = baseParam(pattern->getReturnType());
  }
  return info;
}

} // namespace adgen
