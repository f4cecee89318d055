#include "driver/DocComments.h"

namespace adgen {

std::string paramList(const Function &f, const std::vector<bool> &mask) {
  std::string s;
  if (!f.signature.empty()) { // the user's parameters, not their members
    for (const UserParam &up : f.signature) {
      if (up.result) // the returned struct: not a parameter
        continue;
      bool any = false;
      for (const Leaf &l : up.leaves)
        any = any || mask[static_cast<size_t>(l.param)];
      if (any)
        s += (s.empty() ? "" : ", ") + up.name;
    }
    return s;
  }
  for (size_t i = 0; i < f.params.size(); ++i)
    if (mask[i])
      s += (s.empty() ? "" : ", ") + f.params[i].name();
  return s;
}

/// f as the user names it: "sq<double>" for a template's instantiation.
static std::string shown(const Function &f) {
  return f.tmpl ? f.name + "<" + f.tmpl->args + ">" : f.name;
}

/// Whether f returns a struct (a last, written `result`, SPEC §5).
static bool structResult(const Function &f) {
  return !f.signature.empty() && f.signature.back().result;
}

std::string gradDoc(const Function &f, const std::vector<bool> &mask) {
  if (structResult(f))
    return "Reverse mode (gradient) of " + shown(f) + " w.r.t. " +
           paramList(f, mask) +
           ": returns the value and adds the adjoints to the *_bar arguments "
           "(seeded by " + f.name + "_bar).";
  return "Reverse mode (gradient) of " + shown(f) + " w.r.t. " +
         paramList(f, mask) + ": " +
         (f.retType == Type::Void ? std::string("has f's effects")
                                  : std::string("returns the value")) +
         " and adds the adjoints to the *_bar arguments" +
         (isFloating(f.retType) ? " (seeded by " + f.name + "_bar)." : ".");
}

std::string jvpDoc(const Function &f, const std::vector<bool> &mask) {
  if (structResult(f))
    return "Forward mode (JVP) of " + shown(f) + " w.r.t. " +
           paramList(f, mask) +
           ": returns the value and writes the directional derivative along "
           "the given tangents to *" + f.name + "_dot.";
  return "Forward mode (JVP) of " + shown(f) + " w.r.t. " + paramList(f, mask) +
         ": " +
         (f.retType == Type::Void
              ? std::string("has f's effects, and writes the tangents "
                            "of the arrays it writes.")
              : "returns the value and writes the directional "
                "derivative along the given tangents" +
                    (isFloating(f.retType) ? " to *" + f.name + "_dot."
                                           : std::string(".")));
}

} // namespace adgen
