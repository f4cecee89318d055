#include "ir/Printer.h"

#include "ir/ExprWriter.h"
#include "ir/Policy.h"

namespace adgen {
namespace {

struct Printer {
  const Naming names;
  ExprWriter ex;
  std::string out;

  explicit Printer(const Function &f)
      : names(nameValues(f, NamingStyle::Wengert)), ex(names, false) {}

  void line(int depth, const std::string &s) {
    out.append(2 * depth, ' ');
    out += s;
    out += '\n';
  }

  void block(const Block &b, int d) {
    for (auto &op : b.ops)
      print(*op, d);
  }

  /// An array's declaration: runtime object, tape or sized local.
  void declArray(const Op &o, int d) {
    if (o.arr->runtime != RuntimeClass::None) {
      line(d,
           std::string(runtimeClassName(o.arr->runtime)) + " " + o.arr->name);
      return;
    }
    if (o.arr->isTape) {
      line(d, std::string("tape<") + typeName(o.arr->elemType) + "> " +
                  o.arr->name);
      return;
    }
    std::string dims;
    if (o.arr->heap)
      dims = "[" + ex(o.operands[0]) + "]";
    for (auto e : o.arr->dims)
      dims += "[" + std::to_string(e) + "]";
    line(d, std::string(typeName(o.arr->elemType)) + " " + o.arr->name + dims);
  }

  /// An if with its then and (when not empty) else regions.
  void ifOp(const Op &o, int d) {
    line(d, "if " + ex(o.operands[0]) + " {");
    block(*o.region(0), d + 1);
    if (!o.region(1)->ops.empty()) {
      line(d, "} else {");
      block(*o.region(1), d + 1);
    }
    line(d, "}");
  }

  /// A loop with its cond, body and (when not empty) step regions.
  void loop(const Op &o, int d) {
    line(d, std::string("loop ") +
                (o.loopKind == LoopKind::For     ? "for"
                 : o.loopKind == LoopKind::While ? "while"
                                                 : "do") +
                " {");
    line(d + 1, "cond:");
    block(*o.region(0), d + 2);
    line(d + 1, "body:");
    block(*o.region(1), d + 2);
    if (!o.region(2)->ops.empty()) {
      line(d + 1, "step:");
      block(*o.region(2), d + 2);
    }
    line(d, "}");
  }

  /// One op (and its regions) at depth d; inlined values print nothing.
  void print(const Op &o, int d) {
    if (names.isInlined(&o))
      return;
    switch (o.kind) {
    case OpKind::Decl:
      line(d, o.operands.empty() ? std::string("decl ") +
                                       typeName(o.var->type) + " " + o.var->name
                                 : o.var->name + " = " + ex(o.operands[0]));
      return;
    case OpKind::DeclArray:
      declArray(o, d);
      return;
    case OpKind::WriteVar:
      line(d, o.var->name + " = " + ex(o.operands[0]));
      return;
    case OpKind::Store:
      line(d, ex.element(o) + " = " + ex(o.operands[1]));
      return;
    case OpKind::If:
      ifOp(o, d);
      return;
    case OpKind::Loop:
      loop(o, d);
      return;
    case OpKind::Condition:
      line(d, "while " + ex(o.operands[0]));
      return;
    case OpKind::Push:
      line(d, "push " + o.arr->name + ", " + ex(o.operands[0]));
      return;
    case OpKind::PushArray:
    case OpKind::PopArray:
      line(d, std::string(opMnemonic(o.kind)) + " " + o.arr->name + ", " +
                  o.arrays[0]->name + ", " + ex(o.operands[0]));
      return;
    case OpKind::Reserve:
      line(d, "reserve " + o.arr->name + ", " + ex(o.operands[0]));
      return;
    case OpKind::CkptNew:
      line(d, o.arr->name + " = " + runtimeClassName(o.arr->runtime) + "(" +
                  policyName(*o.policy) + ", n " + ex(o.operands[0]) +
                  ", bytes " + ex(o.operands[1]) +
                  (o.operands.size() > 2 ? ", tape " + ex(o.operands[2]) : "") +
                  ")");
      return;
    case OpKind::CkptTally:
      line(d, "tally n " + ex(o.operands[0]) + ", bytes " + ex(o.operands[1]));
      return;

    case OpKind::Break:
    case OpKind::Continue:
      line(d, opMnemonic(o.kind));
      return;
    case OpKind::Return:
      line(d, o.operands.empty() ? "return" : "return " + ex(o.operands[0]));
      return;
    case OpKind::KeptCall:
      line(d, "call.kept " + ex.definition(&o));
      return;
    default:
      if (o.hasResult())
        line(d, names.names.at(&o) + " = " + ex.definition(&o) +
                    (o.tangentProduct ? "   ; tangent product" : ""));
      else
        line(d, opMnemonic(o.kind));
    }
  }
};

} // namespace

std::string printFunction(const Function &f) {
  Printer p(f);
  std::string sig = f.name + "(";
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &pa = f.params[i];
    sig += i ? ", " : "";
    if (pa.var)
      sig += std::string(typeName(pa.var->type)) + " " + pa.var->name;
    else
      sig += std::string(pa.arr->isConst ? "const " : "") +
             typeName(pa.arr->elemType) + (pa.arr->jagged ? "** " : "* ") +
             pa.arr->name;
  }
  sig += ") -> ";
  sig += typeName(f.retType);
  p.line(0, "wengert " + sig + " {");
  p.block(f.body, 1);
  p.line(0, "}");
  return p.out;
}

} // namespace adgen
