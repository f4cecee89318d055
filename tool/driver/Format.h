// clang-format (LLVM style) over generated code, in pieces.
#pragma once

#include <string>

namespace adgen {

/// Formats `code`. A large file is cut at blank lines between top-level
/// declarations (outside braces, comments, strings and #if regions), where
/// clang-format's decisions do not reach across, and the pieces are
/// formatted on up to four threads: clang-format's own cost grows faster
/// than the text (it sorts every whitespace change of the file), so this
/// keeps adgen linear, and the result is the same bytes.
std::string formatCode(const std::string &code);

} // namespace adgen
