#include "ir/Diagnostic.h"

namespace adgen {
namespace {

struct Text {
  const char *msg, *hint;
};

const Text &text(Diag d) {
  static const Text table[] = {
#define ADGEN_DIAG(Id, Msg, Hint) {Msg, Hint},
#include "ir/Diagnostics.def"
  };
  return table[static_cast<int>(d)];
}

} // namespace

const char *diagMessage(Diag d) { return text(d).msg; }

const char *diagHint(Diag d) { return text(d).hint; }

std::string fillArgs(const char *text, const std::vector<std::string> &args) {
  std::string out;
  for (const char *c = text; *c; ++c) {
    size_t k = c[1] >= '0' && c[1] <= '9' ? size_t(c[1] - '0') : args.size();
    if (*c == '%' && k < args.size()) {
      out += args[k];
      ++c;
    } else {
      out += *c;
    }
  }
  return out;
}

std::string plainText(const Diagnostic &d) {
  std::string at = d.file + ":" + std::to_string(d.loc.line) + ":" +
                   std::to_string(d.loc.col) + ": ";
  std::string s = at + "error: " + fillArgs(diagMessage(d.id), d.args);
  if (*diagHint(d.id))
    s += "\n" + at + "note: hint: " + fillArgs(diagHint(d.id), d.args);
  return s;
}

} // namespace adgen
