// Running adgen so that deep input cannot crash it and no crash goes unsaid.
#pragma once

#include <functional>
#include <string>

namespace adgen {

/// Runs `fn` on a thread with a large stack: Clang's parser and adgen's own
/// walks recurse once per nesting level, so 2,000 nested parentheses or a
/// sum of 50,000 terms need more than the 8 MB of a main thread. A fatal
/// signal (on that stack or after it) prints `adgen: internal error`
/// naming `input` and exits 1; outputs are only renamed at the very end, so
/// they are left as they were. Returns fn's exit status.
int runGuarded(const std::string &input, const std::function<int()> &fn);

} // namespace adgen
