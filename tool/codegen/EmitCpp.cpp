#include "codegen/EmitCpp.h"

#include "codegen/EmitGlobals.h"
#include "codegen/EmitLocals.h"
#include "codegen/EmitModule.h"
#include "codegen/EmitSignature.h"
#include "codegen/EmitTemplate.h"
#include "ir/Builder.h"
#include "ir/ExprWriter.h"
#include "ir/Policy.h"

#include <adgen_templates/Templates.h>
#include <fmt/format.h>

#include <functional>
#include <map>

namespace adgen {
namespace {

std::string baseName(const std::string &path) {
  size_t s = path.find_last_of('/');
  return s == std::string::npos ? path : path.substr(s + 1);
}

/// A policy as runtime code.
std::string policyExpr(checkpoint::Policy p) {
  std::string ns = "adgen::checkpoint::Policy::";
  std::string arg = std::to_string(p.arg);
  switch (p.kind) {
  case checkpoint::Kind::All:
    return ns + "all()";
  case checkpoint::Kind::Every:
    return ns + "every(" + arg + ")";
  case checkpoint::Kind::Auto:
    return ns + "automatic()";
  case checkpoint::Kind::Binomial:
    return ns + "binomial(" + arg + ")";
  case checkpoint::Kind::Recompute:
    return ns + "recompute()";
  case checkpoint::Kind::Budget:
    return ns + "budget(" + arg + "LL)";
  }
  return ns + "all()";
}

bool refersTo(const Op &o, const Var *v) {
  bool r = false;
  auto check = [&](const Op &x) {
    if ((x.kind == OpKind::ReadVar || x.kind == OpKind::WriteVar ||
         x.kind == OpKind::Decl) &&
        x.var == v)
      r = true;
  };
  check(o);
  for (auto &reg : o.regions)
    walk(*reg, check);
  return r;
}

class FunctionEmitter {
public:
  FunctionEmitter(const Function &f, const EmitOptions &o)
      : f(f), opts(o), names(nameValues(f, NamingStyle::Code)),
        ex(names, true, f.nameSpace), file(baseName(f.sourceFile)) {
    ex.checkIndices(file);
  }

  std::string body() {
    block(f.body, 1);
    return out;
  }

private:
  void line(int d, const std::string &s) {
    out.append(2 * d, ' ');
    out += s;
    out += '\n';
  }

  void sourceComment(const Op &o, int d) {
    if (o.loc.line == 0 || o.loc.line == lastLine)
      return;
    lastLine = o.loc.line;
    line(d, "// " + file + ":" + std::to_string(o.loc.line));
  }

  void block(const Block &b, int d, const Op *loop = nullptr) {
    for (size_t i = 0; i < b.ops.size(); ++i) {
      const Op &o = *b.ops[i];
      if (names.isInlined(&o))
        continue;
      // `T i = 0;` right before a loop that alone uses i goes into its header.
      if (o.kind == OpKind::Decl && i + 1 < b.ops.size() &&
          b.ops[i + 1]->kind == OpKind::Loop && foldableInit(b, i))
        continue;
      emit(o, d,
           i > 0 && b.ops[i - 1]->kind == OpKind::Decl &&
                   o.kind == OpKind::Loop && foldableInit(b, i - 1)
               ? b.ops[i - 1].get()
               : nullptr,
           loop);
    }
  }

  bool foldableInit(const Block &b, size_t i) {
    const Op &d = *b.ops[i];
    if (d.operands.empty() || !names.isInlined(d.operands[0]) ||
        isFloating(d.var->type))
      return false;
    const Op &lp = *b.ops[i + 1];
    if (lp.loopKind != LoopKind::For)
      return false;
    for (size_t j = i + 2; j < b.ops.size(); ++j)
      if (refersTo(*b.ops[j], d.var))
        return false;
    return true;
  }

  std::string decl(const Var *v, const Op *init) {
    return std::string(typeName(v->type)) + " " + v->name +
           (init ? " = " + ex(init) : "");
  }

  /// `x = x + e` as `x += e`, `i = i + 1` as `++i`.
  std::string assignment(const std::string &lhs, const Op *val,
                         const std::function<bool(const Op *)> &isSelf) {
    if (names.isInlined(val) &&
        (val->kind == OpKind::Add || val->kind == OpKind::Sub ||
         val->kind == OpKind::Mul || val->kind == OpKind::Div) &&
        names.isInlined(val->operands[0]) && isSelf(val->operands[0])) {
      const Op *rhs = val->operands[1];
      if ((val->kind == OpKind::Add || val->kind == OpKind::Sub) &&
          Builder::isConst(rhs, 1) && isInteger(val->type))
        return (val->kind == OpKind::Add ? "++" : "--") + lhs;
      const char *op = val->kind == OpKind::Add   ? " += "
                       : val->kind == OpKind::Sub ? " -= "
                       : val->kind == OpKind::Mul ? " *= "
                                                  : " /= ";
      return lhs + op + ex(rhs);
    }
    return lhs + " = " + ex(val);
  }

  std::string writeText(const Op &o) {
    if (o.kind == OpKind::WriteVar)
      return assignment(o.var->name, o.operands[0], [&](const Op *x) {
        return x->kind == OpKind::ReadVar && x->var == o.var;
      });
    return assignment(ex.element(o), o.operands[1], [&](const Op *x) {
      return x->kind == OpKind::Load && x->arr == o.arr &&
             x->operands[0] == o.operands[0] && rowOf(*x) == rowOf(o);
    });
  }

  /// A region that is only a condition (or only writes) can go in a loop
  /// header.
  bool headerCond(const Block &b, std::string &text) {
    for (auto &op : b.ops) {
      if (names.isInlined(op.get()))
        continue;
      if (op->kind != OpKind::Condition)
        return false;
      text = ex(op->operands[0]);
    }
    return true;
  }

  bool headerStep(const Block &b, std::string &text) {
    for (auto &op : b.ops) {
      if (names.isInlined(op.get()))
        continue;
      if (op->kind != OpKind::WriteVar && op->kind != OpKind::Store)
        return false;
      text += (text.empty() ? "" : ", ") + writeText(*op);
    }
    return true;
  }

  static bool hasContinue(const Block &b) {
    bool c = false;
    std::function<void(const Block &)> scan = [&](const Block &blk) {
      for (auto &op : blk.ops) {
        if (op->kind == OpKind::Continue)
          c = true;
        if (op->kind == OpKind::If)
          for (auto &r : op->regions)
            scan(*r);
      }
    };
    scan(b);
    return c;
  }

  void loop(const Op &o, int d, const Op *init) {
    std::string cond, step;
    bool simpleCond = headerCond(*o.region(0), cond);
    bool simpleStep = headerStep(*o.region(2), step);
    std::string initText = init ? decl(init->var, init->operands[0]) : "";
    if (o.policy)
      line(d, "// checkpoint(" + policyName(*o.policy) + ")");
    if (int lanes = unrolledLanes(o))
      line(d, "ADGEN_UNROLL(" + std::to_string(lanes) + ")");
    if (simpleCond && simpleStep) {
      if (o.loopKind == LoopKind::Do && step.empty()) {
        line(d, "do {");
        block(*o.region(1), d + 1, &o);
        line(d, "} while (" + cond + ");");
      } else if (o.loopKind == LoopKind::While && step.empty() && !init) {
        line(d, "while (" + cond + ") {");
        block(*o.region(1), d + 1, &o);
        line(d, "}");
      } else if (o.loopKind != LoopKind::Do) {
        line(d, "for (" + initText + "; " + cond + "; " + step + ") {");
        block(*o.region(1), d + 1, &o);
        line(d, "}");
      } else {
        generalLoop(o, d, initText);
      }
      return;
    }
    generalLoop(o, d, initText);
  }

  /// The lane count of a vector forward mode's lane loop that the C++
  /// compiler is asked to unroll (its tangents then stay in registers): a
  /// constant width up to 16; 0 for any other loop.
  static int unrolledLanes(const Op &o) {
    if (o.role != OpRole::Lanes)
      return 0;
    for (auto &c : o.region(0)->ops)
      if (c->kind == OpKind::Condition) {
        const Op *test = c->operands[0];
        const Op *n = test->kind == OpKind::Lt ? test->operands[1] : nullptr;
        if (n && n->kind == OpKind::Const && n->num >= 1 && n->num <= 16)
          return static_cast<int>(n->num);
      }
    return 0;
  }

  /// for (;;) with the condition and step spelled out as statements.
  void generalLoop(const Op &o, int d, const std::string &initText) {
    bool isDo = o.loopKind == LoopKind::Do;
    bool needLabel =
        hasContinue(*o.region(1)) && (isDo || !o.region(2)->ops.empty());
    std::string label =
        needLabel ? "adgen_next_" + std::to_string(++labels) : "";
    if (needLabel)
      continueLabel[&o] = label;
    line(d, "for (" + initText + ";;) {");
    auto condition = [&] {
      for (auto &op : o.region(0)->ops) {
        if (names.isInlined(op.get()))
          continue;
        if (op->kind == OpKind::Condition)
          line(d + 1, "if (!(" + ex(op->operands[0]) + ")) break;");
        else
          emit(*op, d + 1, nullptr, &o);
      }
    };
    if (!isDo)
      condition();
    if (needLabel) {
      // The body in its own scope: `goto` may leave a scope past
      // declarations, never jump over them into one.
      line(d + 1, "{");
      block(*o.region(1), d + 2, &o);
      line(d + 1, "}");
      line(d, label + ":;");
    } else {
      block(*o.region(1), d + 1, &o);
    }
    block(*o.region(2), d + 1, &o);
    if (isDo)
      condition();
    line(d, "}");
  }

  /// A checkpoint object's construction, named by source file and line.
  void ckptNew(const Op &o, int d) {
    bool tape =
        o.operands.size() > 2; // a budget's bound of one iteration's tape
    std::string where = "\"" + file + ":" + std::to_string(o.loc.line) + "\"";
    line(d, std::string("adgen::checkpoint::") +
                runtimeClassName(o.arr->runtime) + " " + o.arr->name + "(" +
                o.arrays[0]->name + ", " + policyExpr(*o.policy) + ", " +
                ex(o.operands[0]) + ", " + ex(o.operands[1]) + ", " + where +
                (o.num != 0 ? ", true"
                 : tape     ? ", false"
                            : "") +
                (tape ? ", " + ex(o.operands[2]) : "") + ");");
  }

  /// An array's declaration: runtime object, tape, scalar or initialized
  /// local array.
  void declArray(const Op &o, int d) {
    line(d, arrayDeclaration(o, f.arena ? "(" + f.arena->name + ")" : "",
                             [&](const Op *x) { return ex(x); }));
  }

  /// One op at depth d (foldedInit: a loop's init folded into its header;
  /// loopOp: the innermost loop, for continue).
  void emit(const Op &o, int d, const Op *foldedInit, const Op *loopOp) {
    sourceComment(o, d);
    if (!o.comment.empty())
      line(d, "// " + o.comment);
    switch (o.kind) {
    case OpKind::Decl:
      line(d, decl(o.var, o.operands.empty() ? nullptr : o.operands[0]) + ";");
      return;
    case OpKind::CkptNew:
      ckptNew(o, d);
      return;
    case OpKind::CkptTally:
      line(d, "adgen::checkpoint::tally(\"" + file + ":" +
                  std::to_string(o.loc.line) + "\", " + ex(o.operands[0]) +
                  ", " + ex(o.operands[1]) + ");");
      return;
    case OpKind::DeclArray:
      declArray(o, d);
      return;
    case OpKind::WriteVar:
    case OpKind::Store:
      line(d, writeText(o) + ";");
      return;
    case OpKind::Return:
      if (o.operands.empty() && d == 1 && &o == f.body.ops.back().get())
        return; // falling off the end of a void function says it
      line(d, o.operands.empty() ? "return;"
                                 : "return " + ex(o.operands[0]) + ";");
      return;
    case OpKind::If: {
      line(d, "if (" + ex(o.operands[0]) + ") {");
      block(*o.region(0), d + 1, loopOp);
      if (!o.region(1)->ops.empty()) {
        line(d, "} else {");
        block(*o.region(1), d + 1, loopOp);
      }
      line(d, "}");
      return;
    }
    case OpKind::Loop:
      loop(o, d, foldedInit);
      return;
    case OpKind::Break:
      line(d, "break;");
      return;
    case OpKind::Continue: {
      auto it = loopOp ? continueLabel.find(loopOp) : continueLabel.end();
      line(d, it != continueLabel.end() ? "goto " + it->second + ";"
                                        : "continue;");
      return;
    }
    case OpKind::Condition:
      return; // printed by its loop
    case OpKind::Push:
      line(d, o.arr->name + ".push(" + ex(o.operands[0]) + ");");
      return;
    case OpKind::PushArray:
    case OpKind::PopArray:
      line(d, o.arr->name +
                  (o.kind == OpKind::PushArray ? ".pushFrom(" : ".popInto(") +
                  arrayPointer(o.arrays[0]) + ", " + ex(o.operands[0]) + ");");
      return;
    case OpKind::Reserve:
      line(d, o.arr->name + ".reserveMore(" + ex(o.operands[0]) + ");");
      return;
    default:
      break;
    }
    auto use = names.uses.find(&o);
    if (o.hasResult() && (use == names.uses.end() || use->second == 0))
      line(d, ex.definition(&o) + ";"); // a pop whose value is not needed
    else if (o.hasResult())
      line(d, std::string("const ") + typeName(o.type) + " " +
                  names.names.at(&o) + " = " + ex.definition(&o) + ";");
    else
      line(d, ex.definition(&o) + ";");
  }

  const Function &f;
  const EmitOptions &opts;
  Naming names;
  ExprWriter ex;
  std::string file;
  std::string out;
  unsigned lastLine = 0;
  int labels = 0;
  std::map<const Op *, std::string> continueLabel;
};

std::string docComment(const Function &f) {
  if (f.doc.empty())
    return "";
  std::string c;
  size_t start = 0;
  while (start < f.doc.size()) {
    size_t nl = f.doc.find('\n', start);
    if (nl == std::string::npos)
      nl = f.doc.size();
    c += "/// " + f.doc.substr(start, nl - start) + "\n";
    start = nl + 1;
  }
  return c;
}

} // namespace

/// What a user-facing function is declared as: its doc comment (then
/// `template <>` for a specialization) and its signature.
static std::pair<std::string, std::string>
declaredAs(const Function &f, const TemplateForms *forms) {
  if (forms && forms->specialized(f))
    return {forms->primaryBefore(f) + docComment(f) + "template <>\n",
            forms->signature(f)};
  return {docComment(f), hasWrapper(f) ? wrapperSignature(f) : signatureOf(f)};
}

std::string emitFunction(const Function &f, const EmitOptions &o) {
  return emitFunction(f, o, nullptr);
}

std::string emitFunction(const Function &f, const EmitOptions &o,
                         const TemplateForms *forms) {
  FunctionEmitter fe(f, o);
  auto [comment, signature] = declaredAs(f, forms);
  const char *hd = vectorRows(f) ? "" : "ADGEN_HD ";
  if (hasWrapper(f)) {
    // Flat (one parameter per member), then as the user calls it.
    std::string flat = fmt::format(
        fmt::runtime(templates::function),
        fmt::arg("comment", "/// " + f.name +
                                " on the members of its "
                                "parameters (see below).\n"),
        fmt::arg("qualifiers", hd),
        fmt::arg("signature", "inline " + signatureOf(f, flatName(f))),
        fmt::arg("body", fe.body()));
    // A wrapper taking std::vector / std::array is host code (data()).
    return flat + "\n" +
           fmt::format(fmt::runtime(templates::function),
                       fmt::arg("comment", comment),
                       fmt::arg("qualifiers", hostOnly(f) ? "" : "ADGEN_HD "),
                       fmt::arg("signature", signature),
                       fmt::arg("body", wrapperBody(f)));
  }
  std::string sig = (f.isInternal ? "inline " : "") + signature;
  return fmt::format(fmt::runtime(templates::function),
                     fmt::arg("comment", comment), fmt::arg("qualifiers", hd),
                     fmt::arg("signature", sig), fmt::arg("body", fe.body()));
}

std::string emitFile(const Module &m, const EmitOptions &o) {
  std::string summary = o.cuda ? "CUDA flavour: every function is "
                                 "ADGEN_HD (__host__ __device__ under nvcc)."
                               : "C++ flavour: compiles with any C++17 "
                                 "compiler, and with nvcc as CUDA.";
  std::string out = fmt::format(
      fmt::runtime(templates::prologue), fmt::arg("version", o.version),
      fmt::arg("input", baseName(o.input)), fmt::arg("summary", summary));
  // The globals first: copied struct definitions' methods may name them.
  out += globalDeclarations(m, false);
  out += o.userTypes;
  out += globalDeclarations(m, true);
  TemplateForms forms(m);
  out += forwardDeclarations(m, o);
  out += withNamespaces(
      m, o, [&](const Function &f) { return emitFunction(f, o, &forms); });
  return out;
}

std::string emitHeader(const Module &m, const EmitOptions &o) {
  TemplateForms forms(m);
  std::string decls = withNamespaces(m, o, [&](const Function &f) {
    if (f.isInternal)
      return std::string();
    auto [comment, signature] = declaredAs(f, &forms);
    return "\n" + comment + (hostOnly(f) ? "" : "ADGEN_HD ") + signature +
           ";\n";
  });
  return fmt::format(fmt::runtime(templates::header),
                     fmt::arg("version", o.version),
                     fmt::arg("input", baseName(o.input)),
                     fmt::arg("source", baseName(o.input)),
                     fmt::arg("declarations", o.userTypes + decls));
}

} // namespace adgen
