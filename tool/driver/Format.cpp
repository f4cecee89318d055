#include "driver/Format.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace adgen {
namespace {

constexpr size_t kPieceBytes = 64 << 10; // smaller files stay whole

std::string formatPiece(const std::string &code) {
  clang::format::FormatStyle style = clang::format::getLLVMStyle();
  style.StatementMacros.push_back("ADGEN_UNROLL"); // a line of its own
  std::vector<clang::tooling::Range> ranges{
      {0, static_cast<unsigned>(code.size())}};
  auto repl = clang::format::reformat(style, code, ranges, "generated.cpp");
  auto res = clang::tooling::applyAllReplacements(code, repl);
  return res ? *res : code;
}

/// Offsets where a piece may start: just after a blank line at brace depth
/// 0, outside #if regions, before a line that is neither blank nor a
/// preprocessor line.
std::vector<size_t> cutPoints(const std::string &s) {
  std::vector<size_t> cuts;
  int depth = 0, ifDepth = 0;
  size_t last = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool lineStart = i == 0 || s[i - 1] == '\n';
    if (lineStart && c == '#') {
      size_t k = s.find_first_not_of(" \t", i + 1);
      if (k != std::string::npos && s.compare(k, 2, "if") == 0)
        ++ifDepth;
      else if (k != std::string::npos && s.compare(k, 5, "endif") == 0)
        --ifDepth;
    }
    if (lineStart && i >= 2 && s[i - 2] == '\n' && depth == 0 && ifDepth == 0 &&
        c != '\n' && c != '#' && i - last >= kPieceBytes) {
      cuts.push_back(i);
      last = i;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      i = s.find('\n', i);
      if (i == std::string::npos)
        break;
      --i; // the newline is seen as a line end next
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      i = s.find("*/", i + 2);
      if (i == std::string::npos)
        break;
      ++i;
    } else if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c && s[i] != '\n'; ++i)
        if (s[i] == '\\')
          ++i;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    }
  }
  return cuts;
}

} // namespace

std::string formatCode(const std::string &code) {
  std::vector<size_t> cuts = cutPoints(code);
  if (cuts.empty())
    return formatPiece(code);
  cuts.insert(cuts.begin(), 0);
  cuts.push_back(code.size());
  size_t n = cuts.size() - 1;
  std::vector<std::string> out(n);
  unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (size_t k = t; k < n; k += threads)
        out[k] = formatPiece(code.substr(cuts[k], cuts[k + 1] - cuts[k]));
    });
  for (auto &th : pool)
    th.join();
  // Each piece but the last ended in the blank line before the next one,
  // which clang-format drops at the end of a file: put it back.
  std::string all;
  for (size_t k = 0; k < n; ++k) {
    all += out[k];
    if (k + 1 < n && all.size() >= 2 && all.compare(all.size() - 2, 2, "\n\n"))
      all += '\n';
  }
  return all;
}

} // namespace adgen
