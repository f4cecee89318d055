#include "ir/Policy.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace adgen {

using checkpoint::Kind;
using checkpoint::Policy;

bool parseByteCount(const std::string &text, long long &bytes) {
  size_t k = 0;
  while (k < text.size() && ((text[k] >= '0' && text[k] <= '9') ||
                             text[k] == '.'))
    ++k;
  std::string num = text.substr(0, k), unit = text.substr(k);
  if (num.empty() || num == "." || num.find('.') != num.rfind('.'))
    return false;
  long double mult = unit == "" || unit == "B" ? 1.0L
                     : unit == "KiB" || unit == "K" ? 1024.0L
                     : unit == "MiB" || unit == "M" ? 1048576.0L
                     : unit == "GiB" || unit == "G" ? 1073741824.0L
                     : unit == "TiB" || unit == "T" ? 1099511627776.0L
                     : unit == "KB" ? 1e3L
                     : unit == "MB" ? 1e6L
                     : unit == "GB" ? 1e9L
                     : unit == "TB" ? 1e12L
                                    : -1.0L;
  if (mult < 0)
    return false;
  long double v = std::floor(std::strtold(num.c_str(), nullptr) * mult);
  if (!(v >= 1.0L) || v > static_cast<long double>(kMaxBytes))
    return false;
  bytes = static_cast<long long>(v);
  return true;
}

/// A whole number of iterations, 1 to INT64_MAX, in decimal digits.
static bool parseCount(const std::string &s, long long &v) {
  if (s.empty() || s.size() > 19 ||
      s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  unsigned long long x = std::strtoull(s.c_str(), nullptr, 10);
  if (x == 0 || x > 9223372036854775807ull)
    return false;
  v = static_cast<long long>(x);
  return true;
}

bool parsePolicy(const std::string &text, Policy &out, std::string *why) {
  std::istringstream in(text);
  std::string word, arg, extra;
  in >> word >> arg >> extra;
  auto no = [&](const std::string &reason) {
    if (why)
      *why = reason;
    return false;
  };
  if (word.empty())
    return no("the policy is missing");
  if (!extra.empty())
    return no("unexpected '" + extra + "' after '" + word + " " + arg + "'");
  if (word == "auto" || word == "all" || word == "recompute") {
    if (!arg.empty())
      return no("'" + word + "' takes no argument");
    out = word == "auto"  ? Policy::automatic()
          : word == "all" ? Policy::all()
                          : Policy::recompute();
    return true;
  }
  long long v = 0;
  if (word == "every" || word == "binomial") {
    const char *what = word == "every" ? "the iterations between snapshots"
                                       : "the number of snapshots";
    if (arg.empty())
      return no("'" + word + "' needs " + what + ", e.g. '" + word + " 10'");
    if (!parseCount(arg, v))
      return no("'" + word + "' takes " + what +
                " as a whole number from 1 to 9223372036854775807, not '" +
                arg + "'");
    out = word == "every" ? Policy::every(v) : Policy::binomial(v);
    return true;
  }
  if (word == "budget") {
    if (arg.empty())
      return no("'budget' needs a byte count, e.g. 'budget 64MiB'");
    if (!parseByteCount(arg, v))
      return no("'budget' takes a byte count such as 4096, 64MiB or 2GB "
                "(at most 8 EiB), not '" + arg + "'");
    out = Policy::budget(v);
    return true;
  }
  return no("unknown checkpoint policy '" + word + "'");
}

std::string policyName(Policy p) {
  switch (p.kind) {
  case Kind::All:
    return "all";
  case Kind::Every:
    return "every " + std::to_string(p.arg);
  case Kind::Auto:
    return "auto";
  case Kind::Binomial:
    return "binomial " + std::to_string(p.arg);
  case Kind::Recompute:
    return "recompute";
  case Kind::Budget:
    return "budget " + std::to_string(p.arg);
  }
  return "?";
}

} // namespace adgen
