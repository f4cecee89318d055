#include "codegen/EmitJacobian.h"

#include "codegen/EmitBatch.h"
#include "codegen/EmitSignature.h"

#include <adgen_templates/Templates.h>
#include <fmt/format.h>

#include <cctype>
#include <set>

namespace adgen {
namespace {

bool isNumber(const std::string &e) {
  if (e.empty())
    return false;
  for (char ch : e)
    if (!std::isdigit(static_cast<unsigned char>(ch)))
      return false;
  return true;
}

/// a + b, folded when both are numbers and dropping a zero.
std::string plus(const std::string &a, const std::string &b) {
  if (a == "0")
    return b;
  if (b == "0")
    return a;
  if (isNumber(a) && isNumber(b))
    return std::to_string(std::stoll(a) + std::stoll(b));
  return a + " + " + b;
}

/// The body of f_jacobian, statement by statement.
class JacobianWriter {
public:
  explicit JacobianWriter(const JacobianSpec &spec)
      : s_(spec), f_(*spec.primal) {
    for (const Param &p : f_.params)
      taken_.insert(p.name());
    jac_ = fresh("jac");
    cols_ = fresh("adgen_columns");
    rows_ = fresh("adgen_rows");
    value_ = fresh("value");
    i_ = fresh("i");
  }

  std::string signature() const {
    std::string sig =
        std::string(typeName(f_.retType)) + " " + f_.name + "_jacobian(";
    for (const Param &p : f_.params)
      sig += paramText(p, false, "") + ", ";
    return sig + s_.elem + " *" + jac_ + ")";
  }

  std::string body() {
    line("const long long " + cols_ + " = " + blockTotal(s_.columns) + "; // " +
         names(s_.columns));
    if (s_.grad) // forward mode's loops run over the rows' blocks
      line("const long long " + rows_ + " = " + blockTotal(s_.rows) + "; // " +
           names(s_.rows));
    if (s_.jvp && s_.grad) {
      line("if (" + cols_ + " <= " + rows_ + ") {");
      ++depth_;
      forward();
      --depth_;
      line("}");
    } else if (s_.jvp) {
      forward();
    }
    if (s_.grad)
      reverse();
    return out_;
  }

private:
  const JacobianSpec &s_;
  const Function &f_;
  std::set<std::string> taken_;
  std::string jac_, cols_, rows_, value_, i_, out_;
  int depth_ = 1;

  std::string fresh(std::string name) {
    while (taken_.count(name))
      name += "_";
    taken_.insert(name);
    return name;
  }
  void line(const std::string &text) {
    out_ += std::string(static_cast<size_t>(2 * depth_), ' ') + text + "\n";
  }
  const Param &param(int i) const { return f_.params[static_cast<size_t>(i)]; }
  std::string elemOf(int i) const {
    const Param &p = param(i);
    return typeName(p.var ? p.var->type : p.arr->elemType);
  }
  bool valued() const { return isFloating(f_.retType); }
  std::string names(const std::vector<JacobianBlock> &blocks) const {
    std::string text;
    for (const JacobianBlock &b : blocks)
      text += (text.empty() ? "" : ", ") +
              (b.param < 0 ? std::string("the result") : param(b.param).name());
    return text;
  }
  /// `for (long long i = 0; i < n; ++i)` (the loop's header).
  std::string loop(const std::string &var, const std::string &n) const {
    return "for (long long " + var + " = 0; " + var + " < " + n + "; ++" + var +
           ")";
  }
  /// The arguments of f's own parameters, then those the variant adds.
  std::string call(const Function &g, const std::string &extra) const {
    std::string args;
    for (size_t k = 0; k < f_.params.size(); ++k)
      args += (args.empty() ? "" : ", ") + g.params[k].name();
    return g.name + "(" + args + extra + ")";
  }
  std::string scratch(int i, const std::string &name, const std::string &n) {
    std::string v = fresh(name);
    line("adgen::Scratch<" + elemOf(i) + "> " + v + "(" + n + ");");
    return v;
  }

  void forward() {
    line("// Vector forward mode: one sweep, direction c seeding column c.");
    std::string args =
        s_.dynamicWidth ? ", static_cast<int>(" + cols_ + ")" : std::string();
    std::string off = "0";
    std::vector<std::pair<std::string, std::string>> outs; // name, extent
    for (size_t i = 0; i < f_.params.size(); ++i) {
      if (!s_.active[i])
        continue;
      int k = static_cast<int>(i);
      const std::string &pn = param(k).name();
      std::string e = extentOf(k);
      bool input = isColumn(k);
      std::string v =
          scratch(k, pn + "_dot", e == "1" ? cols_ : cols_ + " * " + paren(e));
      if (input && e == "1") {
        line(v + "[" + off + "] = 1;");
      } else if (input) {
        line(loop(i_, e));
        line("  " + v + "[" + paren(plus(off, i_)) + " * " + paren(e) + " + " +
             i_ + "] = 1;");
      } else {
        outs.push_back({v, e});
      }
      if (input)
        off = plus(off, e);
      args += ", " + v + ".data()";
    }
    std::string fdot;
    if (valued()) {
      fdot = fresh(f_.name + "_dot");
      line("adgen::Scratch<" + std::string(typeName(f_.retType)) + "> " + fdot +
           "(" + cols_ + ");");
      args += ", " + fdot + ".data()";
    }
    std::string c = fresh("c");
    line((valued() ? "const " + std::string(typeName(f_.retType)) + " " +
                         value_ + " = "
                   : std::string()) +
         call(*s_.jvp, args) + ";");
    line(loop(c, cols_) + " {");
    std::string row = "0";
    for (size_t j = 0; j < s_.rows.size(); ++j) {
      const JacobianBlock &b = s_.rows[j];
      if (b.param < 0) {
        line("  " + jac_ + "[" + paren(row) + " * " + cols_ + " + " + c +
             "] = " + fdot + "[" + c + "];");
        continue;
      }
      const auto &o = outs[j];
      line("  " + loop(i_, o.second));
      line("    " + jac_ + "[" + paren(plus(row, i_)) + " * " + cols_ + " + " +
           c + "] = " + o.first + "[" + c + " * " + paren(o.second) + " + " +
           i_ + "];");
      row = plus(row, o.second);
    }
    line("}");
    if (valued())
      line("return " + value_ + ";");
    else if (s_.grad)
      line("return;");
  }

  /// Copies of the arrays a sweep rewrites, as given: (param, copy).
  std::vector<std::pair<int, std::string>> saveStarts() {
    std::vector<std::pair<int, std::string>> starts;
    for (int k : s_.restored) {
      std::string v = scratch(k, param(k).name() + "_start", extentOf(k));
      line(loop(i_, extentOf(k)));
      line("  " + v + "[" + i_ + "] = " + param(k).name() + "[" + i_ + "];");
      starts.push_back({k, v});
    }
    return starts;
  }

  void reverse() {
    line("// Reverse mode: one adjoint sweep per row r, seeding row r's "
         "output.");
    std::vector<std::pair<int, std::string>> starts = saveStarts();
    std::vector<std::pair<int, std::string>> bars; // param, its adjoint
    std::string args;
    for (size_t i = 0; i < f_.params.size(); ++i) {
      if (!s_.active[i])
        continue;
      int k = static_cast<int>(i);
      std::string e = extentOf(k);
      std::string v;
      if (param(k).var) {
        v = fresh(param(k).name() + "_bar");
        line(elemOf(k) + " " + v + " = 0;");
        args += ", &" + v;
      } else {
        v = scratch(k, param(k).name() + "_bar", e);
        args += ", " + v + ".data()";
      }
      bars.push_back({k, v});
    }
    std::string r = fresh("r");
    std::string ret = typeName(f_.retType);
    if (valued())
      line(ret + " " + value_ + " = 0;");
    // The seed of the result's row: the last.
    if (valued()) {
      std::vector<JacobianBlock> arrays(s_.rows.begin(), s_.rows.end() - 1);
      bool f32 = f_.retType == Type::Float;
      args += ", " + r + " == " + blockTotal(arrays) +
              (f32 ? " ? 1.0f : 0.0f" : " ? 1.0 : 0.0");
    }
    line(loop(r, rows_) + " {");
    ++depth_;
    if (!starts.empty())
      line("// Each sweep starts from the arrays as they were given.");
    for (auto &[k, v] : starts) {
      line(loop(i_, extentOf(k)));
      line("  " + param(k).name() + "[" + i_ + "] = " + v + "[" + i_ + "];");
    }
    std::string row = "0";
    for (auto &[k, v] : bars) {
      if (param(k).var) {
        line(v + " = 0;");
        continue;
      }
      line(loop(i_, extentOf(k)));
      line("  " + v + "[" + i_ + "] = 0;");
      if (isColumn(k))
        continue;
      std::string e = extentOf(k), lo = row, hi = plus(row, e);
      line("if (" + (lo == "0" ? "" : r + " >= " + lo + " && ") + r + " < " +
           hi + ")");
      line("  " + v + "[" + (lo == "0" ? r : r + " - " + paren(lo)) + "] = 1;");
      row = hi;
    }
    line((valued() ? value_ + " = " : std::string()) + call(*s_.grad, args) +
         ";");
    std::string col = "0";
    for (auto &[k, v] : bars) {
      if (!isColumn(k))
        continue;
      std::string e = extentOf(k);
      if (param(k).var) {
        line(jac_ + "[" + r + " * " + cols_ + " + " + col + "] = " + v + ";");
      } else {
        line(loop(i_, e));
        line("  " + jac_ + "[" + r + " * " + cols_ + " + " + plus(col, i_) +
             "] = " + v + "[" + i_ + "];");
      }
      col = plus(col, e);
    }
    --depth_;
    line("}");
    if (valued())
      line("return " + value_ + ";");
  }

  bool isColumn(int k) const {
    for (const JacobianBlock &b : s_.columns)
      if (b.param == k)
        return true;
    return false;
  }
  std::string extentOf(int k) const {
    for (const auto *blocks : {&s_.columns, &s_.rows})
      for (const JacobianBlock &b : *blocks)
        if (b.param == k)
          return b.extent;
    return "1";
  }
};

} // namespace

std::string blockTotal(const std::vector<JacobianBlock> &blocks) {
  long long constant = 0;
  std::string symbolic;
  for (const JacobianBlock &b : blocks) {
    if (isNumber(b.extent))
      constant += std::stoll(b.extent);
    else
      symbolic += (symbolic.empty() ? "" : " + ") + b.extent;
  }
  if (symbolic.empty())
    return std::to_string(constant);
  return constant ? symbolic + " + " + std::to_string(constant) : symbolic;
}

JacobianCode emitJacobian(const JacobianSpec &spec) {
  JacobianWriter w(spec);
  const Function &f = *spec.primal;
  std::string how =
      spec.jvp && spec.grad
          ? "By vector forward mode (one sweep of a direction per column) "
            "when there are no more columns than rows, else by reverse mode "
            "(one sweep per row)."
      : spec.jvp ? "By vector forward mode: one sweep of a direction per "
                   "column."
                 : "By reverse mode: one adjoint sweep per row.";
  auto blocks = [&](const std::vector<JacobianBlock> &bs) {
    std::string text;
    for (const JacobianBlock &b : bs) {
      std::string name = b.param < 0
                             ? "the returned value"
                             : f.params[static_cast<size_t>(b.param)].name();
      if (b.param >= 0 && f.params[static_cast<size_t>(b.param)].arr)
        name += "[0 .. " + b.extent + ")";
      text += (text.empty() ? "" : ", ") + name;
    }
    return text;
  };
  std::string comment =
      "\n/// Dense Jacobian of " + f.name + " (line " +
      std::to_string(f.loc.line) +
      "): jac[r * columns + c] = d(output r) / "
      "d(input c), rows " +
      blocks(spec.rows) + "; columns " + blocks(spec.columns) + ". " +
      (isFloating(f.retType) ? "Returns the value; the" : "The") + " arrays " +
      f.name + " writes hold its results. " + how + "\n";
  std::string sig = w.signature();
  JacobianCode code;
  code.definition = fmt::format(
      fmt::runtime(templates::function), fmt::arg("comment", comment),
      fmt::arg("qualifiers", "ADGEN_HD "), fmt::arg("signature", sig),
      fmt::arg("body", w.body()));
  code.declaration = comment + "ADGEN_HD " + sig + ";\n";
  if (!f.nameSpace.empty())
    for (std::string *t : {&code.definition, &code.declaration})
      *t = "\nnamespace " + f.nameSpace + " {\n" + *t + "\n} // namespace " +
           f.nameSpace + "\n";
  return code;
}

} // namespace adgen
