// Writing adgen's outputs without ever losing a user's file.
//
// A regular file (or a new path) is written to a temporary beside it and
// renamed over it, so a failed run leaves it exactly as it was. A symlink is
// followed and its target replaced the same way (the link stays a link).
// Character devices, FIFOs, sockets and /proc/self/fd/* are written through
// (`-o /dev/null` discards, as with every compiler). "-" is stdout.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace adgen {

/// An output that is the input (same device and inode: hard links, `./x`,
/// symlinks), or two outputs that are one file, is a usage error: prints it
/// and returns false. Checked before anything runs.
bool checkOutputPaths(const std::string &input,
                      const std::vector<std::string> &outputs);

/// Writes each (path, text); on failure prints why and returns false, with
/// every regular-file output left as it was.
bool writeOutputs(const std::vector<std::pair<std::string, std::string>> &files);

} // namespace adgen
