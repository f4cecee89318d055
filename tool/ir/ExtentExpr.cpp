#include "ir/ExtentExpr.h"

#include <cctype>

namespace adgen {
namespace {

/// Recursive descent: sum := product (+|- product)*, product := atom
/// (*|/ atom)*, atom := number | name | ( sum ).
struct Parser {
  const std::string &t;
  size_t pos = 0;
  std::string error;

  using Node = std::unique_ptr<ExtentExpr>;

  void skip() {
    while (pos < t.size() && std::isspace(static_cast<unsigned char>(t[pos])))
      ++pos;
  }
  Node fail(const std::string &why) {
    if (error.empty())
      error = why;
    return nullptr;
  }
  static Node binary(ExtentExpr::Kind k, Node l, Node r) {
    if (!l || !r)
      return nullptr;
    auto n = std::make_unique<ExtentExpr>();
    n->kind = k;
    n->lhs = std::move(l);
    n->rhs = std::move(r);
    return n;
  }
  Node atom() {
    skip();
    if (pos < t.size() && t[pos] == '(') {
      ++pos;
      Node v = sum();
      skip();
      if (pos >= t.size() || t[pos] != ')')
        return fail("missing ')'");
      ++pos;
      return v;
    }
    size_t start = pos;
    auto n = std::make_unique<ExtentExpr>();
    if (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos]))) {
      while (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos])))
        ++pos;
      std::string digits = t.substr(start, pos - start);
      if (digits.size() > 18)
        return fail("the number " + digits + " is too large");
      n->number = std::stoll(digits);
      return n;
    }
    while (pos < t.size() &&
           (std::isalnum(static_cast<unsigned char>(t[pos])) || t[pos] == '_'))
      ++pos;
    if (pos == start)
      return fail(pos < t.size() ? "unexpected '" + std::string(1, t[pos]) + "'"
                                 : std::string("an operand is missing"));
    n->kind = ExtentExpr::Name;
    n->name = t.substr(start, pos - start);
    return n;
  }
  Node product() {
    Node v = atom();
    for (skip(); v && pos < t.size() && (t[pos] == '*' || t[pos] == '/');
         skip()) {
      ExtentExpr::Kind k = t[pos++] == '*' ? ExtentExpr::Mul : ExtentExpr::Div;
      v = binary(k, std::move(v), atom());
    }
    return v;
  }
  Node sum() {
    Node v = product();
    for (skip(); v && pos < t.size() && (t[pos] == '+' || t[pos] == '-');
         skip()) {
      ExtentExpr::Kind k = t[pos++] == '+' ? ExtentExpr::Add : ExtentExpr::Sub;
      v = binary(k, std::move(v), product());
    }
    return v;
  }
};

} // namespace

std::unique_ptr<ExtentExpr> parseExtent(const std::string &text,
                                        std::string &error) {
  Parser p{text, 0, {}};
  std::unique_ptr<ExtentExpr> v = p.sum();
  p.skip();
  if (v && p.pos < text.size())
    v = p.fail("unexpected '" + text.substr(p.pos) + "'");
  error = p.error;
  return v;
}

static int precedence(ExtentExpr::Kind k) {
  switch (k) {
  case ExtentExpr::Add: case ExtentExpr::Sub: return 1;
  case ExtentExpr::Mul: case ExtentExpr::Div: return 2;
  default: return 3;
  }
}

/// In a context of precedence ctx: parenthesised when it binds no tighter.
static std::string print(const ExtentExpr &e, int ctx) {
  if (e.kind == ExtentExpr::Number)
    return std::to_string(e.number);
  if (e.kind == ExtentExpr::Name)
    return e.name;
  int p = precedence(e.kind);
  const char *op = e.kind == ExtentExpr::Add   ? " + "
                   : e.kind == ExtentExpr::Sub ? " - "
                   : e.kind == ExtentExpr::Mul ? " * "
                                               : " / ";
  // Left-associative: the right operand needs parentheses at equal
  // precedence (n - (m - 1)).
  std::string s = print(*e.lhs, p - 1) + op + print(*e.rhs, p);
  return p <= ctx ? "(" + s + ")" : s;
}

std::string printExtent(const ExtentExpr &e) { return print(e, 0); }

std::optional<long long> constantExtent(const ExtentExpr &e) {
  if (e.kind == ExtentExpr::Number)
    return e.number;
  if (e.kind == ExtentExpr::Name)
    return std::nullopt;
  std::optional<long long> l = constantExtent(*e.lhs);
  std::optional<long long> r = l ? constantExtent(*e.rhs) : std::nullopt;
  if (!r || (e.kind == ExtentExpr::Div && *r == 0))
    return std::nullopt;
  return applyExtentOp(e, *l, *r);
}

long long applyExtentOp(const ExtentExpr &node, long long l, long long r) {
  switch (node.kind) {
  case ExtentExpr::Add: return l + r;
  case ExtentExpr::Sub: return l - r;
  case ExtentExpr::Mul: return l * r;
  default: return l / r;
  }
}

void extentNames(const ExtentExpr &e, std::set<std::string> &out) {
  if (e.kind == ExtentExpr::Name)
    out.insert(e.name);
  if (e.lhs)
    extentNames(*e.lhs, out);
  if (e.rhs)
    extentNames(*e.rhs, out);
}

} // namespace adgen
