#include "frontend/Extent.h"

#include <cctype>
#include <optional>

namespace adgen {
namespace {

/// Recursive descent over the text; a value is known when it is constant.
struct ExtentParser {
  const std::string &t;
  const std::function<bool(const std::string &)> &isIntParam;
  size_t pos = 0;
  std::string error;

  using Value = std::optional<long long>;

  void skip() {
    while (pos < t.size() && std::isspace(static_cast<unsigned char>(t[pos])))
      ++pos;
  }
  bool fail(const std::string &why) {
    if (error.empty())
      error = why;
    return false;
  }
  Value atom() {
    skip();
    if (pos < t.size() && t[pos] == '(') {
      ++pos;
      Value v = sum();
      skip();
      if (pos >= t.size() || t[pos] != ')')
        fail("missing ')'");
      ++pos;
      return v;
    }
    size_t start = pos;
    if (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos]))) {
      while (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos])))
        ++pos;
      std::string digits = t.substr(start, pos - start);
      if (digits.size() > 18)
        fail("the number " + digits + " is too large");
      return digits.size() > 18 ? 0 : std::stoll(digits);
    }
    while (pos < t.size() &&
           (std::isalnum(static_cast<unsigned char>(t[pos])) || t[pos] == '_'))
      ++pos;
    std::string name = t.substr(start, pos - start);
    if (name.empty())
      fail(pos < t.size() ? "unexpected '" + std::string(1, t[pos]) + "'"
                          : std::string("an operand is missing"));
    else if (!isIntParam(name))
      fail("'" + name + "' is not an integer parameter of the function");
    return std::nullopt;
  }
  Value product() {
    Value v = atom();
    for (skip(); pos < t.size() && (t[pos] == '*' || t[pos] == '/'); skip()) {
      char op = t[pos++];
      Value w = atom();
      if (op == '/' && w && *w == 0)
        fail("division by zero");
      v = v && w ? Value(op == '*' ? *v * *w : (*w ? *v / *w : 0)) : Value();
    }
    return v;
  }
  Value sum() {
    Value v = product();
    for (skip(); pos < t.size() && (t[pos] == '+' || t[pos] == '-'); skip()) {
      char op = t[pos++];
      Value w = product();
      v = v && w ? Value(op == '+' ? *v + *w : *v - *w) : Value();
    }
    return v;
  }
};

} // namespace

ExtentCheck checkExtent(const std::string &text,
                        const std::function<bool(const std::string &)> &isIntParam) {
  ExtentParser p{text, isIntParam, 0, {}};
  std::optional<long long> v = p.sum();
  p.skip();
  if (p.error.empty() && p.pos < text.size())
    p.fail("unexpected '" + text.substr(p.pos) + "'");
  ExtentCheck r{p.error};
  if (r.error.empty() && v) {
    if (*v < 1)
      r.error = "the extent is " + std::to_string(*v) + ", not a count of "
                "one or more elements";
    r.value = *v;
  }
  return r;
}

} // namespace adgen
