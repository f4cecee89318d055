#include "codegen/EmitTemplate.h"

#include "codegen/EmitSignature.h"

#include <vector>

namespace adgen {
namespace {

/// f's user-facing signature spelled with `base` for the template's type
/// parameters (null: the instantiation's types), without defaults or
/// attributes unless asked: what the primary and its specializations must
/// agree on.
std::string spelledAs(const Function &f, const std::vector<std::string> *base,
                      bool defaults = false) {
  Spelling s;
  s.base = base;
  s.defaults = defaults;
  s.attributes = false;
  return publicSignature(f, s);
}

/// Whether every type of f's signature that depends on the template is one
/// adgen spells (T, const T &, T *, ...) and f's own signature is the
/// pattern's with the arguments put in (so `long long` is not `long`).
bool spellable(const Function &f) {
  const TemplateInfo &t = *f.tmpl;
  if (t.head.empty() || t.retBase == TemplateInfo::kUnspellable)
    return false;
  for (int b : t.paramBase)
    if (b == TemplateInfo::kUnspellable)
      return false;
  return spelledAs(f, &t.argTexts) == spelledAs(f, nullptr);
}

} // namespace

TemplateForms::TemplateForms(const Module &m) {
  // Groups: one template, one derivative name (sq_grad), in module order.
  std::vector<std::vector<const Function *>> groups;
  std::map<std::string, size_t> groupOf;
  for (auto &f : m.functions) {
    if (!f->tmpl || f->isInternal)
      continue;
    std::string key = f->tmpl->key + "\n" + f->name;
    auto [it, fresh] = groupOf.emplace(key, groups.size());
    if (fresh)
      groups.emplace_back();
    groups[it->second].push_back(f.get());
  }
  for (const auto &g : groups) {
    const Function &first = *g.front();
    std::string pattern = spelledAs(first, &first.tmpl->paramNames);
    bool ok = true;
    for (const Function *f : g)
      ok = ok && spellable(*f) &&
           spelledAs(*f, &f->tmpl->paramNames) == pattern;
    if (!ok)
      continue; // plain overloads
    std::string list;
    for (const Function *f : g) {
      forms[f].specialized = true;
      list += std::string(list.empty() ? "" : ", ") + "<" + f->tmpl->args + ">";
    }
    forms[&first].primary =
        "/// " + first.name + " of every instantiation of the template: " +
        "specialized below for " + list + ".\n" + first.tmpl->head +
        "\nADGEN_HD " +
        spelledAs(first, &first.tmpl->paramNames, /*defaults=*/true) +
        ";\n\n";
  }
}

bool TemplateForms::specialized(const Function &f) const {
  auto it = forms.find(&f);
  return it != forms.end() && it->second.specialized;
}

std::string TemplateForms::signature(const Function &f) const {
  Spelling s;
  s.defaults = false; // an explicit specialization takes the primary's
  s.name = f.name + "<" + f.tmpl->args + ">";
  return publicSignature(f, s);
}

std::string TemplateForms::primaryBefore(const Function &f) const {
  auto it = forms.find(&f);
  return it == forms.end() ? "" : it->second.primary;
}

} // namespace adgen
