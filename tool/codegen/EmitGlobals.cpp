// The mutable globals of the source the generated functions read, declared
// `extern` so the generated file reaches them by name.
#include "codegen/EmitGlobals.h"

#include <map>

namespace adgen {

/// `extern double scale;` (in its namespace) for each mutable global the
/// functions read: defined in the source, reached by name from here. A
/// global struct or array is declared once, from its root.
std::string globalDeclarations(const Module &m, bool records) {
  std::map<std::string, std::string> globals; // qualified name -> decl
  auto add = [&](const std::string &name, const GlobalRoot &root,
                 const std::string &plain) {
    if (root.name.empty()) {
      if (!records && !plain.empty()) // (an array `nullptr`: no global)
        globals[name] = plain;
    } else if (root.record == records) {
      globals[root.name] = root.decl;
    }
  };
  auto shortName = [](const std::string &q) {
    size_t cut = q.rfind("::");
    return cut == std::string::npos ? q : q.substr(cut + 2);
  };
  for (auto &f : m.functions) {
    for (auto &v : f->vars)
      if (v->global)
        add(v->name, v->root,
            std::string(typeName(v->type)) + " " + shortName(v->name));
    for (auto &a : f->arrays)
      if (a->global)
        add(a->name, a->root, "");
  }
  std::map<std::string, std::string> byNamespace; // "" first
  for (auto &[name, decl] : globals) {
    std::string q = name.substr(2); // "::a::g" -> "a::g"
    size_t cut = q.rfind("::");
    std::string ns = cut == std::string::npos ? "" : q.substr(0, cut);
    byNamespace[ns] += "extern " + decl + ";\n";
  }
  std::string out;
  for (auto &[ns, decls] : byNamespace)
    out += ns.empty() ? decls : "namespace " + ns + " {\n" + decls + "}\n";
  return out.empty() ? out
                     : "\n// Globals of the source the functions read "
                       "(passive).\n" +
                           out;
}

} // namespace adgen
