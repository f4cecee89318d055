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

bool writeOutputs(const std::vector<std::pair<std::string, std::string>> &files) {
  struct Pending {
    std::string tmp, target;
  };
  std::vector<Pending> pending;
  auto cleanup = [&] {
    for (auto &p : pending)
      std::remove(p.tmp.c_str());
  };
  mode_t mask = umask(0);
  umask(mask);
  // 1. Every replaced file's new contents in a temporary beside it.
  for (auto &[path, text] : files) {
    if (path == "-")
      continue;
    Target t = resolve(path);
    if (t.kind == Target::Directory) {
      cleanup();
      return cannotWrite(path, EISDIR);
    }
    if (t.kind == Target::Unreachable) {
      cleanup();
      return cannotWrite(path, t.err);
    }
    if (t.kind != Target::Replace)
      continue;
    std::string tmp = dirOf(t.path) + "/." + baseOf(t.path) + ".adgen-XXXXXX";
    int fd = mkstemp(&tmp[0]);
    if (fd < 0) {
      int err = errno;
      cleanup();
      return cannotWrite(path, err);
    }
    pending.push_back({tmp, t.path});
    bool ok = fchmod(fd, t.exists ? t.mode : (0666 & ~mask)) == 0 &&
              writeAll(fd, text);
    int err = errno;
    if (::close(fd) != 0 || !ok) {
      cleanup();
      return cannotWrite(path, ok ? errno : err);
    }
  }
  // 2. Devices, FIFOs and descriptors: written through, in place.
  for (auto &[path, text] : files) {
    if (path == "-" || resolve(path).kind != Target::Through)
      continue;
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    bool ok = fd >= 0 && writeAll(fd, text);
    int err = errno;
    if (fd >= 0 && ::close(fd) != 0 && ok) {
      ok = false;
      err = errno;
    }
    if (!ok) {
      cleanup();
      return cannotWrite(path, err);
    }
  }
  // 3. The renames; 4. stdout.
  for (size_t k = 0; k < pending.size(); ++k)
    if (std::rename(pending[k].tmp.c_str(), pending[k].target.c_str()) != 0) {
      int err = errno;
      for (size_t j = k; j < pending.size(); ++j)
        std::remove(pending[j].tmp.c_str());
      return cannotWrite(pending[k].target, err);
    }
  for (auto &[path, text] : files)
    if (path == "-" && (std::fwrite(text.data(), 1, text.size(), stdout) !=
                            text.size() ||
                        std::fflush(stdout) != 0))
      return cannotWrite("<stdout>", errno);
  return true;
}

} // namespace adgen
