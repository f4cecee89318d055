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

} // namespace adgen
