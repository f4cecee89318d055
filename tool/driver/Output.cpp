#include "driver/Output.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace adgen {
namespace {

std::string dirOf(const std::string &p) {
  size_t s = p.rfind('/');
  if (s == std::string::npos)
    return ".";
  return s == 0 ? "/" : p.substr(0, s);
}

std::string baseOf(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

bool startsWith(const std::string &s, const char *p) {
  return s.compare(0, std::strlen(p), p) == 0;
}

/// Where a write to `path` lands.
struct Target {
  enum Kind { Replace, Through, Directory, Unreachable } kind = Replace;
  std::string path;     // the file replaced (symlinks followed) or written
  mode_t mode = 0;      // an existing file's permissions, kept
  bool exists = false;
  int err = 0;          // why an Unreachable path cannot be looked at
};

/// Follows symlinks by hand (a dangling one names the file to create).
Target resolve(const std::string &path) {
  Target t;
  std::string p = path;
  for (int hop = 0; hop < 40; ++hop) {
    // /proc/self/fd/N, /dev/stdout: the kernel's links name descriptors
    // (pipe:[123]), not files; open() follows them.
    if (startsWith(p, "/proc/") || startsWith(p, "/dev/fd/")) {
      t.path = path;
      t.kind = Target::Through;
      return t;
    }
    struct stat st;
    if (lstat(p.c_str(), &st) != 0) {
      t.path = p;
      t.kind = errno == ENOENT ? Target::Replace : Target::Unreachable;
      t.err = errno;
      return t;
    }
    if (S_ISLNK(st.st_mode)) {
      char buf[PATH_MAX];
      ssize_t n = readlink(p.c_str(), buf, sizeof buf - 1);
      if (n < 0)
        break;
      std::string next(buf, static_cast<size_t>(n));
      p = next[0] == '/' ? next : dirOf(p) + "/" + next;
      continue;
    }
    t.path = p;
    t.exists = true;
    t.mode = st.st_mode & 07777;
    if (S_ISDIR(st.st_mode))
      t.kind = Target::Directory;
    else if (!S_ISREG(st.st_mode))
      t.kind = Target::Through;
    return t;
  }
  // A loop of links, or one that cannot be read: let open() say why.
  t.path = path;
  t.kind = Target::Through;
  return t;
}

bool writeAll(int fd, const std::string &text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

bool cannotWrite(const std::string &path, int err) {
  std::fprintf(stderr, "adgen: error: cannot write '%s': %s\n", path.c_str(),
               std::strerror(err));
  return false;
}

/// A file's identity: device and inode when it exists, else its absolute
/// path (its directory resolved).
std::string identity(const std::string &path) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0)
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
  char buf[PATH_MAX];
  std::string dir = realpath(dirOf(path).c_str(), buf) ? buf : dirOf(path);
  return dir + "/" + baseOf(path);
}

bool isRegularOrNew(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

} // namespace

bool checkOutputPaths(const std::string &input,
                      const std::vector<std::string> &outputs) {
  std::string in = identity(input);
  std::vector<std::pair<std::string, std::string>> seen;
  for (const std::string &out : outputs) {
    if (out.empty() || out == "-" || !isRegularOrNew(out))
      continue;
    std::string id = identity(out);
    if (id == in) {
      std::fprintf(stderr,
                   "adgen: error: output file '%s' is the input file '%s'; "
                   "nothing written\nhint: name another output file, e.g. "
                   "-o grad.cpp\n",
                   out.c_str(), input.c_str());
      return false;
    }
    for (auto &[name, other] : seen)
      if (other == id) {
        std::fprintf(stderr,
                     "adgen: error: the output '%s' and the header '%s' are "
                     "the same file; nothing written\n",
                     name.c_str(), out.c_str());
        return false;
      }
    seen.push_back({out, id});
  }
  return true;
}

namespace {

/// `text` into a new temporary beside `t.path`, with the permissions the
/// file has (or a new file would get); its name, or "" with errno set.
std::string writeTemporary(const Target &t, const std::string &text,
                           mode_t umaskBits) {
  std::string tmp = dirOf(t.path) + "/." + baseOf(t.path) + ".adgen-XXXXXX";
  int fd = mkstemp(&tmp[0]);
  if (fd < 0)
    return "";
  bool ok = fchmod(fd, t.exists ? t.mode : (0666 & ~umaskBits)) == 0 &&
            writeAll(fd, text);
  int err = errno;
  if (::close(fd) != 0 || !ok) {
    err = ok ? errno : err;
    std::remove(tmp.c_str());
    errno = err;
    return "";
  }
  return tmp;
}

/// A device, FIFO or descriptor: opened and written in place.
bool writeThrough(const std::string &path, const std::string &text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool ok = writeAll(fd, text);
  int err = errno;
  if (::close(fd) != 0 && ok)
    return false;
  errno = err;
  return ok;
}

} // namespace

bool writeOutputs(const std::vector<std::pair<std::string, std::string>> &files) {
  std::vector<Target> targets;
  for (auto &[path, text] : files)
    targets.push_back(path == "-" ? Target{} : resolve(path));
  std::vector<std::pair<std::string, std::string>> renames; // tmp, target
  auto fail = [&](const std::string &path, int err) {
    for (auto &r : renames)
      std::remove(r.first.c_str());
    return cannotWrite(path, err);
  };
  mode_t mask = umask(0);
  umask(mask);
  // 1. Every replaced file's new contents in a temporary beside it.
  for (size_t k = 0; k < files.size(); ++k) {
    const Target &t = targets[k];
    const std::string &path = files[k].first;
    if (path == "-" || t.kind == Target::Through)
      continue;
    if (t.kind != Target::Replace)
      return fail(path, t.kind == Target::Directory ? EISDIR : t.err);
    std::string tmp = writeTemporary(t, files[k].second, mask);
    if (tmp.empty())
      return fail(path, errno);
    renames.push_back({tmp, t.path});
  }
  // 2. Devices, FIFOs and descriptors: written through, in place.
  for (size_t k = 0; k < files.size(); ++k)
    if (files[k].first != "-" && targets[k].kind == Target::Through &&
        !writeThrough(files[k].first, files[k].second))
      return fail(files[k].first, errno);
  // 3. The renames; 4. stdout.
  for (size_t k = 0; k < renames.size(); ++k)
    if (std::rename(renames[k].first.c_str(), renames[k].second.c_str()) != 0) {
      int err = errno;
      std::string target = renames[k].second;
      renames.erase(renames.begin(), renames.begin() + static_cast<long>(k));
      return fail(target, err);
    }
  for (auto &[path, text] : files)
    if (path == "-" && (std::fwrite(text.data(), 1, text.size(), stdout) !=
                            text.size() ||
                        std::fflush(stdout) != 0))
      return cannotWrite("<stdout>", errno);
  return true;
}

} // namespace adgen
