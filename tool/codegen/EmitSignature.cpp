// Signatures of emitted functions: one parameter per IR parameter
// (paramText, signatureOf), and the user's signature around a flat
// derivative (wrapper*).
#include "codegen/EmitSignature.h"

#include "codegen/EmitCpp.h"
#include "ir/Naming.h"

#include <map>

namespace adgen {
namespace {

const char *shadowSuffix(const Function &f) {
  return f.adjoint ? "_bar" : "_dot";
}

/// The user's parameter holding IR parameter i, and its leaf.
struct Owner {
  const UserParam *up = nullptr;
  const Leaf *leaf = nullptr;
};

Owner ownerOf(const Function &f, int i) {
  for (const UserParam &up : f.signature)
    for (const Leaf &l : up.leaves)
      if (l.param == i)
        return {&up, &l};
  return {};
}

bool pointerLike(Passing p) {
  return p == Passing::Pointer || p == Passing::ConstPointer;
}

/// Whether the shadow of `up` is passed by pointer (else by reference or
/// value): SPEC §5's table.
bool shadowByPointer(const Function &f, const UserParam &up) {
  if (pointerLike(up.passing))
    return true;
  return f.adjoint && !writable(up.passing);
}

/// `T x`, `const S &s`, ... as the user wrote parameter `up` (of type `t`).
std::string declared(const UserParam &up, const std::string &t,
                     const std::string &name) {
  switch (up.passing) {
  case Passing::Value:
    return t + " " + name;
  case Passing::ConstRef:
    return "const " + t + " &" + name;
  case Passing::Ref:
    return t + " &" + name;
  case Passing::ConstPointer:
    return "const " + t + " *" + name;
  case Passing::Pointer:
    return t + " *" + name;
  }
  return name;
}

/// A 2-D array parameter (or its shadow, IR parameter p) as a pointer to
/// rows of its own type.
std::string rowsDeclared(const Param &p, const UserParam &up,
                         const std::string &name) {
  return std::string(p.arr && p.arr->isConst ? "const " : "") + up.typeName +
         " *" + name;
}

/// The shadow's declaration: its own type `t`, passed as SPEC §5 says.
std::string shadowDeclared(const Function &f, const UserParam &up,
                           const std::string &t) {
  std::string n = up.name + shadowSuffix(f);
  if (shadowByPointer(f, up))
    return (!f.adjoint && up.passing == Passing::ConstPointer ? "const " : "") +
           t + " *" + n;
  if (writable(up.passing))
    return t + " &" + n;
  return up.aggregate ? "const " + t + " &" + n : t + " " + n;
}

/// The spelling of the type of user parameter u (kRet: the result), or
/// `own` where the spelling keeps the instantiation's.
constexpr int kRet = -1;
std::string spelled(const Function &f, const Spelling &s, int u,
                    const std::string &own) {
  if (!s.base || !f.tmpl)
    return own;
  int b = u == kRet ? f.tmpl->retBase
          : static_cast<size_t>(u) < f.tmpl->paramBase.size()
              ? f.tmpl->paramBase[u]
              : -1;
  return b >= 0 && static_cast<size_t>(b) < s.base->size() ? (*s.base)[b] : own;
}

/// The element or scalar type of IR parameter p.
std::string ownType(const Param &p) {
  return typeName(p.var ? p.var->type : p.arr->elemType);
}

/// base.path or base->path; a private or protected member through its
/// accessor (`hidden`, Leaf::hidden).
std::string access(const std::string &base, bool pointer,
                   const std::vector<std::string> &path,
                   const std::vector<std::string> &hidden = {}) {
  if (path.empty())
    return pointer ? "*" + base : base;
  std::string s = base;
  for (size_t k = 0; k < path.size(); ++k) {
    bool arrow = (k == 0 && pointer) || (k > 0 && path[k - 1] == "data()");
    if (k < hidden.size() && !hidden[k].empty())
      s = "(" + (arrow ? "(*" + s + ")" : s) +
          ".*adgen_get(adgen_access::" + hidden[k] + "{}))";
    else
      s += (arrow ? "->" : ".") + path[k];
  }
  return s;
}

/// What to pass for IR parameter p from the object expression `e` of a
/// leaf: its value, its address, or (arrays) its first element's address.
std::string argument(const Param &p, const Param &primal, std::string e,
                     bool isPointer, bool address) {
  if (p.var)
    return e;
  if (address) // a scalar member of an array of structs: &pts->x
    return "&" + e;
  const Array *leaf = primal.arr;
  bool scalar = !leaf || leaf->scalarOut;
  if (scalar)
    return isPointer && e[0] == '*' ? e.substr(1) : "&" + e;
  // The shadow of a `const T *` member: the adjoint's memory, which the
  // shadow struct can only hold as `const T *` too.
  if (leaf->size < 0 && leaf->isConst && !leaf->structElements &&
      !p.arr->isConst &&
      e.compare(e.size() < 6 ? 0 : e.size() - 6, 6, "data()") != 0)
    return std::string("const_cast<") + typeName(p.arr->elemType) + " *>(" + e +
           ")";
  for (size_t k = 1; k < leaf->dims.size(); ++k)
    e += "[0]";
  return leaf->dims.size() > 1 ? "&" + e + "[0]" : e;
}

/// 0 or 1 when a leaf is the real() or imag() part of a std::complex
/// (LowerComplex.cpp), else -1.
int complexPart(const std::vector<std::string> &path) {
  if (path.empty())
    return -1;
  return path.back() == "real()" ? 0 : path.back() == "imag()" ? 1 : -1;
}

/// True when the body names the parameter.
bool usesParam(const Function &f, const Param &p) {
  bool used = false;
  walk(f.body, [&](const Op &o) {
    used = used || (p.var && o.var == p.var) || (p.arr && o.arr == p.arr);
    for (const Array *a : o.arrays)
      used = used || a == p.arr;
  });
  return used;
}

} // namespace

std::string paramText(const Param &p, bool defaults) {
  return paramText(p, defaults, "");
}

std::string paramText(const Param &p, bool defaults, const std::string &as) {
  // A batch thread's own: the runtime's stride count and arena.
  if (p.role == ParamRole::Stride)
    return "long long " + p.var->name;
  if (p.role == ParamRole::Arena)
    return std::string("adgen::") + runtimeClassName(p.arr->runtime) + " *" +
           p.arr->name;
  if (p.role == ParamRole::Tape) // the caller's, held between the halves
    return std::string("adgen::Stack<") + typeName(p.arr->elemType) + "> &" +
           p.arr->name;
  std::string t = as.empty() ? ownType(p) : as;
  // A template parameter's type (`T f_bar = 1.0`): a double literal, which
  // any T converts from.
  if (p.var) {
    Type lt = t == ownType(p) ? p.var->type : Type::Double;
    return t + " " + p.var->name +
           (!p.var->defaultValue || !defaults
                ? ""
                : " = " + literal(*p.var->defaultValue, lt));
  }
  std::string c = p.arr->isConst ? "const " : "";
  if (p.arr->rowVector) // a std::vector of rows' data()
    return c + "std::vector<" + t + ">* " + p.arr->name;
  if (p.arr->rowArray) // a container of std::arrays' data()
    return c + "std::array<" + t + ", " + std::to_string(p.arr->rowArray) +
           ">* " + p.arr->name;
  return c + t + (p.arr->jagged ? "* const* " : "* ") + p.arr->name;
}

std::string signatureOf(const Function &f) { return signatureOf(f, f.name); }

std::string signatureOf(const Function &f, const std::string &name) {
  Spelling s;
  s.name = name;
  return signatureOf(f, s);
}

std::string signatureOf(const Function &f, const Spelling &sp) {
  std::vector<std::string> parts;
  // A batch thread's parameters come before the defaulted ones, which then
  // lose their defaults.
  bool defaults = sp.defaults;
  for (const Param &p : f.params)
    defaults = defaults && p.role == ParamRole::User;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    // A tangent or adjoint with no effect on the result (x·floor(y): y's)
    // is still part of the signature, unused; so is a batch thread's own.
    bool unused = (p.role != ParamRole::User && p.role != ParamRole::Tape) ||
                  !usesParam(f, p);
    int u = p.shadowOf == Param::kResultShadow ? kRet
            : p.shadowOf >= 0                  ? p.shadowOf
                                               : static_cast<int>(i);
    parts.push_back(
        std::string(unused && sp.attributes ? "[[maybe_unused]] " : "") +
        paramText(p, defaults, spelled(f, sp, u, ownType(p))));
  }
  std::string s = spelled(f, sp, kRet, typeName(f.retType)) + " " +
                  (sp.name.empty() ? f.name : sp.name) + "(";
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? ", " : "") + parts[i];
  return s + ")";
}

bool hostOnly(const Function &f) {
  if (!hasWrapper(f))
    return false;
  for (const UserParam &up : f.signature)
    for (const Leaf &l : up.leaves)
      for (const std::string &m : l.path)
        if (m == "data()" || m == "real()" || m == "imag()" ||
            m == "has_value()") // std:: host code
          return true;
  return false;
}

bool vectorRows(const Function &f) {
  for (const auto &a : f.arrays) // parameters and locals
    if (a->rowVector || a->rowArray)
      return true;
  return false;
}

bool hasWrapper(const Function &f) {
  return !f.signature.empty() && !f.isInternal;
}

std::string flatName(const Function &f) {
  return "adgen_flat_" + instanceName(f);
}

std::string publicSignature(const Function &f, const Spelling &s) {
  return hasWrapper(f) ? wrapperSignature(f, s) : signatureOf(f, s);
}

std::string wrapperSignature(const Function &f) {
  return wrapperSignature(f, Spelling());
}

std::string wrapperSignature(const Function &f, const Spelling &sp) {
  std::vector<std::string> parts;
  auto param = [&](const Param &p, int u) {
    return paramText(p, sp.defaults, spelled(f, sp, u, ownType(p)));
  };
  std::string ret = spelled(f, sp, kRet, typeName(f.retType));
  for (size_t u = 0; u < f.signature.size(); ++u) {
    const UserParam &up = f.signature[u];
    int ui = static_cast<int>(u);
    if (up.result) { // a returned struct: returned by the wrapper too
      ret = spelled(f, sp, ui, up.typeName);
      continue;
    }
    // A parameter f never names (a string tag) has no leaves: unused.
    std::string unused = up.leaves.empty() ? "[[maybe_unused]] " : "";
    if (up.rows) { // `const adgen::row<double, 3> *A`
      parts.push_back(rowsDeclared(f.params[up.leaves[0].param], up, up.name));
      continue;
    }
    parts.push_back(
        up.aggregate || up.passing != Passing::Value
            ? unused + declared(up, spelled(f, sp, ui, up.typeName), up.name)
            : param(f.params[up.leaves[0].param], ui));
  }
  for (size_t u = 0; u < f.signature.size(); ++u) {
    const UserParam &up = f.signature[u];
    int ui = static_cast<int>(u);
    bool any = false;
    for (const Param &p : f.params)
      for (const Leaf &l : up.leaves)
        any = any || p.shadowOf == l.param;
    if (!any)
      continue;
    if (up.result) { // S *f_dot (out), S f_bar (the seed, in)
      std::string t = spelled(f, sp, ui, up.typeName);
      parts.push_back(f.adjoint ? t + " " + up.name + "_bar"
                                : t + " *" + up.name + "_dot");
      continue;
    }
    if (up.rows) {
      for (const Param &p : f.params)
        if (p.shadowOf == up.leaves[0].param)
          parts.push_back(rowsDeclared(p, up, up.name + shadowSuffix(f)));
      continue;
    }
    if (up.aggregate || up.passing != Passing::Value) {
      parts.push_back(shadowDeclared(f, up, spelled(f, sp, ui, up.typeName)));
      continue;
    }
    for (const Param &p : f.params)
      if (p.shadowOf == up.leaves[0].param)
        parts.push_back(param(p, ui));
  }
  for (const Param &p : f.params)
    if (p.shadowOf == Param::kResultShadow)
      parts.push_back(param(p, kRet));
  std::string s = ret + " " + (sp.name.empty() ? f.name : sp.name) + "(";
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? ", " : "") + parts[i];
  return s + ")";
}

std::string wrapperBody(const Function &f) {
  // A returned struct: a local the flat function writes, then returned.
  const UserParam *result = nullptr;
  std::string local = "result";
  for (size_t u = 0; u < f.signature.size(); ++u) {
    if (f.signature[u].result)
      result = &f.signature[u];
    else if (f.signature[u].name == local)
      local = "adgen_result";
  }
  std::vector<std::string> args;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    bool shadow = p.shadowOf >= 0;
    int leafParam = shadow ? p.shadowOf : static_cast<int>(i);
    Owner o =
        p.shadowOf == Param::kResultShadow ? Owner{} : ownerOf(f, leafParam);
    if (o.up && o.up->rows) { // row 0 decays to the first element
      args.push_back(p.name() + "[0]");
      continue;
    }
    if (!o.up || (!o.up->aggregate && o.up->passing == Passing::Value)) {
      args.push_back(p.name());
      continue;
    }
    bool ptr = shadow ? shadowByPointer(f, *o.up) : pointerLike(o.up->passing);
    std::string base = shadow ? o.up->name + shadowSuffix(f) : o.up->name;
    if (o.up->result) {
      ptr = shadow && !f.adjoint;
      base = shadow ? base : local;
    }
    const std::vector<std::string> &path = o.leaf->path;
    int part = complexPart(path);
    if (part >= 0 && p.arr) { // the address of a std::complex's part
      std::vector<std::string> whole(path.begin(), path.end() - 1);
      std::string c = access(base, ptr, whole, o.leaf->hidden);
      args.push_back(std::string("&reinterpret_cast<") +
                     typeName(p.arr->elemType) + " (&)[2]>(" + c + ")[" +
                     std::to_string(part) + "]");
      continue;
    }
    args.push_back(argument(p, f.params[leafParam],
                            access(base, ptr, path, o.leaf->hidden), ptr,
                            o.leaf->address));
  }
  std::string call = flatName(f) + "(";
  for (size_t i = 0; i < args.size(); ++i)
    call += (i ? ", " : "") + args[i];
  call += ")";
  if (result) {
    // Members f does not write keep their value-initialised values, whose
    // tangents are zero.
    int u = static_cast<int>(result - f.signature.data());
    std::string t = spelled(f, Spelling(), u, result->typeName);
    return "  " + t + " " + local + "{};\n" +
           (f.adjoint ? "" : "  *" + result->name + "_dot = " + t + "{};\n") +
           "  " + call + ";\n  return " + local + ";\n";
  }
  return std::string("  ") + (f.retType == Type::Void ? "" : "return ") + call +
         ";\n";
}

} // namespace adgen
