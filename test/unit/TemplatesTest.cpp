// The embedded templates (templates/*.tpl) and the keys the emitter fills:
// every template renders with exactly its keys, and shows every value.
#include <adgen_templates/Templates.h>
#include <fmt/args.h>
#include <fmt/format.h>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace {

using Keys = std::vector<std::string>;

struct Tpl {
  const char *name;
  const char *text;
  Keys keys;
};

std::vector<Tpl> templatesAndKeys() {
  namespace t = adgen::templates;
  return {
      {"prologue", t::prologue, {"version", "input", "summary"}},
      {"function", t::function, {"comment", "qualifiers", "signature", "body"}},
      {"namespace_open", t::namespace_open, {"name"}},
      {"namespace_close", t::namespace_close, {"name"}},
      {"header", t::header, {"version", "input", "source", "declarations"}},
  };
}

/// Renders `text` with each key bound to a distinct marker value.
std::string render(const char *text, const Keys &keys,
                   std::map<std::string, std::string> &values) {
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (auto &k : keys) {
    values[k] = "@" + k + "_value@";
    store.push_back(fmt::arg(k.c_str(), values[k]));
  }
  return fmt::vformat(text, store);
}

TEST(TemplatesTest, EachTemplateRendersAndShowsEveryValue) {
  for (auto &t : templatesAndKeys()) {
    std::map<std::string, std::string> values;
    std::string out;
    ASSERT_NO_THROW(out = render(t.text, t.keys, values)) << t.name;
    for (auto &[k, v] : values)
      EXPECT_NE(out.find(v), std::string::npos)
          << t.name << " does not use {" << k << "}:\n"
          << out;
  }
}

TEST(TemplatesTest, EachKeyIsRequired) {
  for (auto &t : templatesAndKeys())
    for (size_t drop = 0; drop < t.keys.size(); ++drop) {
      Keys fewer = t.keys;
      fewer.erase(fewer.begin() + static_cast<long>(drop));
      std::map<std::string, std::string> values;
      EXPECT_THROW(render(t.text, fewer, values), fmt::format_error)
          << t.name << " renders without {" << t.keys[drop] << "}";
    }
}

TEST(TemplatesTest, FunctionTemplateShape) {
  std::string out = fmt::format(
      fmt::runtime(adgen::templates::function), fmt::arg("comment", "/// c\n"),
      fmt::arg("qualifiers", "ADGEN_HD "),
      fmt::arg("signature", "double f(double x)"),
      fmt::arg("body", "  return x;\n"));
  EXPECT_NE(out.find("/// c\nADGEN_HD double f(double x) {\n  return x;\n}"),
            std::string::npos)
      << out;
}

TEST(TemplatesTest, NamespaceTemplatesPair) {
  std::string open = fmt::format(fmt::runtime(adgen::templates::namespace_open),
                                 fmt::arg("name", "a::b"));
  std::string close =
      fmt::format(fmt::runtime(adgen::templates::namespace_close),
                  fmt::arg("name", "a::b"));
  EXPECT_NE(open.find("namespace a::b {"), std::string::npos) << open;
  EXPECT_NE(close.find("} // namespace a::b"), std::string::npos) << close;
}

TEST(TemplatesTest, PrologueAndHeaderIncludeTheRuntime) {
  std::map<std::string, std::string> v;
  for (auto &t : templatesAndKeys())
    if (std::string(t.name) == "prologue" || std::string(t.name) == "header") {
      EXPECT_NE(render(t.text, t.keys, v).find("#include <adgen/runtime.h>"),
                std::string::npos)
          << t.name;
    }
}

} // namespace
