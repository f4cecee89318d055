// Module-level emission helpers (see EmitModule.h).
#include "codegen/EmitModule.h"

#include "codegen/EmitSignature.h"
#include "ir/Builder.h"

#include <adgen_templates/Templates.h>
#include <fmt/format.h>

#include <set>

namespace adgen {

std::string
withNamespaces(const Module &m, const EmitOptions &o,
               const std::function<std::string(const Function &)> &each) {
  std::string out;
  std::string openNs;
  for (auto &f : m.functions) {
    if (f->nameSpace != openNs) {
      if (!openNs.empty())
        out += fmt::format(fmt::runtime(templates::namespace_close),
                           fmt::arg("name", openNs));
      if (!f->nameSpace.empty())
        out += fmt::format(fmt::runtime(templates::namespace_open),
                           fmt::arg("name", f->nameSpace));
      openNs = f->nameSpace;
    }
    out += each(*f);
  }
  if (!openNs.empty())
    out += fmt::format(fmt::runtime(templates::namespace_close),
                       fmt::arg("name", openNs));
  (void)o;
  return out;
}

/// Functions called before their definition (recursion): declared first.
static std::set<const Function *> calledAhead(const Module &m) {
  std::set<const Function *> defined, ahead;
  for (auto &f : m.functions) {
    defined.insert(f.get());
    walk(f->body, [&](const Op &op) {
      if (op.kind == OpKind::Call && op.callee &&
          (op.callee == f.get() || !defined.count(op.callee)))
        ahead.insert(op.callee);
    });
  }
  return ahead;
}

std::string forwardDeclarations(const Module &m, const EmitOptions &o) {
  std::set<const Function *> ahead = calledAhead(m);
  if (ahead.empty())
    return "";
  Spelling sp;
  sp.defaults = false;
  sp.attributes = false;
  std::string out = withNamespaces(m, o, [&](const Function &f) {
    if (!ahead.count(&f))
      return std::string();
    sp.name = f.name;
    return std::string(vectorRows(f) ? "" : "ADGEN_HD ") +
           (f.isInternal ? "inline " : "") + signatureOf(f, sp) + ";\n";
  });
  return "\n// Declared ahead: recursive derivative functions call them.\n" +
         out;
}

} // namespace adgen
