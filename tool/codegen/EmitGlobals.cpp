// The mutable globals of the source the generated functions read, declared
// `extern` so the generated file reaches them by name.
#include "codegen/EmitGlobals.h"

#include <map>

namespace adgen {

/// `extern double scale;` (in its namespace) for each mutable global the
/// functions read: defined in the source, reached by name from here.
std::string globalDeclarations(const Module &m) {
  std::map<std::string, Type> globals;
  for (auto &f : m.functions)
    for (auto &v : f->vars)
      if (v->global)
        globals[v->name] = v->type;
  std::map<std::string, std::string> byNamespace; // "" first
  for (auto &[name, type] : globals) {
    std::string q = name.substr(2); // "::a::g" -> "a::g"
    size_t cut = q.rfind("::");
    std::string ns = cut == std::string::npos ? "" : q.substr(0, cut);
    byNamespace[ns] += std::string("extern ") + typeName(type) + " " +
                       (ns.empty() ? q : q.substr(cut + 2)) + ";\n";
  }
  std::string out;
  for (auto &[ns, decls] : byNamespace)
    out += ns.empty() ? decls : "namespace " + ns + " {\n" + decls + "}\n";
  return out.empty() ? out
                     : "\n// Globals of the source the functions read "
                       "(passive).\n" + out;
}

} // namespace adgen
