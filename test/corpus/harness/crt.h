// crt.h: the run-time side of the corpus harness (scripts/corpus).
//
// A generated driver describes each corpus function by four small functions
// over a struct A holding one storage object per parameter (see driver.py):
//   walk(c, a)            visits every floating-point scalar reachable from
//                         the parameters, in a fixed order (the "slots");
//   primal(a, &ret)       calls f;
//   jvp(a, d, &ret, &rd)  calls f_jvp with tangents d;
//   grad(a, b, rb, &ret)  calls f_grad with adjoints b seeded by rb.
// check() draws points, builds storage from slot values (pointers get fresh
// buffers, vectors a fixed size, integers one value per point), and compares
// f_jvp and f_grad with Richardson-extrapolated central differences of f
// along random directions, plus the dot-product test and the primal values
// both return. It prints one "CRT {...}" line of JSON for scripts/corpus.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cfenv>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace crt {

struct Rng {
  std::uint64_t s;
  explicit Rng(std::uint64_t seed) : s(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (double(next() >> 11) * (1.0 / 9007199254740992.0));
  }
};

enum : unsigned char { Active = 1, Writable = 2, Float32 = 4 };

/// State of one traversal of the argument storage.
struct Ctx {
  bool make = true;    // assign slots from vals (else append them to out)
  bool layout = false; // first traversal: draw vals and record flags
  std::vector<double> *vals = nullptr, *out = nullptr;
  std::vector<unsigned char> *flags = nullptr;
  Rng *rng = nullptr;
  double lo = -1, hi = 1;
  std::size_t pos = 0;
  long ival = 3;                       // every integer gets this value
  std::size_t buf = 32, sbuf = 8, vec = 32;
  bool active = false, writable = false;
  int depth = 0;
  std::vector<std::shared_ptr<void>> arena;
  std::map<const void *, std::size_t> extent;
  bool bad = false;                    // a pointer the function re-pointed
  bool top_const = false;              // the parameter is a pointer to const
  void top(bool act, bool wr, bool pc) {
    active = act; writable = wr; top_const = pc; depth = 0;
  }
};

/// A default-constructed T, or zeroed raw storage for a T without a default
/// constructor (its members are all assigned by walk before any use).
template <class T, bool = std::is_default_constructible<T>::value>
struct Holder {
  T v{};
  T &get() { return v; }
};
template <class T> struct Holder<T, false> {
  alignas(T) unsigned char raw[sizeof(T)] = {};
  T &get() { return *reinterpret_cast<T *>(raw); }
};

template <class P> struct StOf {
  using type = Holder<std::remove_cv_t<std::remove_reference_t<P>>>;
};
// Pointer storage points to non-const (adjoints of `const T *` are `T *`);
// top() records whether the parameter's pointee is const.
template <class T> struct StOf<T *> { using type = std::remove_const_t<T> *; };
template <class T> struct StOf<T *const> { using type = std::remove_const_t<T> *; };
template <class P> using St = typename StOf<P>::type;

template <class T> T &val(Holder<T> &h) { return h.get(); }

/// An integer argument of the primal: generated signatures spell enums as
/// their underlying type, so it converts to whatever the primal takes.
template <class T> struct IntArg {
  T v;
  template <class U> operator U() const { return static_cast<U>(v); }
};
template <class T> IntArg<T> intarg(T v) { return {v}; }
template <class T> T *&val(T *&p) { return p; } // an lvalue: T *& params

/// A pointer type without const at any level: the adjoint of rows
/// (`const double *const *`) is `double *const *`, which `double **` is.
template <class T> struct Unconst { using type = std::remove_const_t<T>; };
template <class T> struct Unconst<T *> {
  using type = typename Unconst<std::remove_const_t<T>>::type *;
};
template <class T> struct Unconst<T *const> : Unconst<T *> {};

/// The argument for an adjoint: a pointer to the shadow of a value or const
/// reference parameter, the shadow itself for pointers and references.
template <class P, class S> decltype(auto) garg(S &s) {
  if constexpr (std::is_pointer<std::remove_cv_t<P>>::value)
    return const_cast<typename Unconst<std::remove_cv_t<P>>::type>(val(s));
  else if constexpr (std::is_lvalue_reference<P>::value &&
                     !std::is_const<std::remove_reference_t<P>>::value)
    return (val(s));
  else
    return &val(s);
}
template <class P> constexpr bool pointee_const() {
  using Q = std::remove_cv_t<P>;
  if constexpr (std::is_pointer<Q>::value)
    return std::is_const<std::remove_pointer_t<Q>>::value;
  else
    return false;
}
template <class P> constexpr bool top_writable() {
  return std::is_lvalue_reference<P>::value &&
         !std::is_const<std::remove_reference_t<P>>::value;
}

template <class T> void walk(Ctx &c, T &x);

template <class T> void scalar(Ctx &c, T &x) {
  if (c.make) {
    if (c.layout) {
      T t = T(c.rng->uniform(c.lo, c.hi));
      c.vals->push_back(double(t));
      c.flags->push_back((c.active ? Active : 0) | (c.writable ? Writable : 0) |
                         (std::is_same<T, float>::value ? Float32 : 0));
    }
    x = T((*c.vals)[c.pos]);
  } else {
    c.out->push_back(double(x));
  }
  ++c.pos;
}

template <class T> void walk(Ctx &c, T *&p) {
  using U = std::remove_const_t<T>;
  static_assert(!std::is_void<U>::value && !std::is_function<U>::value,
                "crt: void or function pointer parameter");
  if (c.make) {
    std::size_t n = std::is_arithmetic<U>::value ? c.buf : c.sbuf;
    // (U may be an array itself: the rows of a `double A[5][5]` parameter.)
    U *raw = new U[n]();
    c.arena.push_back(std::shared_ptr<void>(
        raw, [](void *q) { delete[] static_cast<U *>(q); }));
    c.extent[raw] = n;
    p = raw;
  }
  auto it = c.extent.find(static_cast<const void *>(p));
  if (it == c.extent.end()) { c.bad = true; return; }
  bool w = c.writable;
  c.writable = !std::is_const<T>::value && !(c.top_const && c.depth == 0);
  ++c.depth;
  for (std::size_t i = 0; i < it->second; ++i) walk(c, const_cast<U &>(p[i]));
  --c.depth;
  c.writable = w;
}

template <class T, std::size_t N> void walk(Ctx &c, T (&a)[N]) {
  for (std::size_t i = 0; i < N; ++i) walk(c, a[i]);
}
template <class T, std::size_t N> void walk(Ctx &c, std::array<T, N> &a) {
  for (auto &e : a) walk(c, e);
}
template <class T, class Al> void walk(Ctx &c, std::vector<T, Al> &v) {
  if (c.make) v.assign(c.vec, T{});
  for (auto &e : v) walk(c, e);
}
template <class Al> void walk(Ctx &c, std::vector<bool, Al> &v) {
  if (c.make) v.assign(c.vec, (c.ival & 1) != 0);
}
template <class A, class B> void walk(Ctx &c, std::pair<A, B> &p) {
  walk(c, p.first);
  walk(c, p.second);
}
template <class... Ts> void walk(Ctx &c, std::tuple<Ts...> &t) {
  std::apply([&](auto &...e) { (walk(c, e), ...); }, t);
}
template <class T> void walk(Ctx &c, std::complex<T> &z) {
  T re = z.real(), im = z.imag();
  scalar(c, re);
  scalar(c, im);
  z = std::complex<T>(re, im);
}
template <class T> void walk(Ctx &c, Holder<T> &h) { walk(c, h.get()); }
// A string holds no inputs (passive names, such as a model's bone names).
inline void walk(Ctx &, std::string &) {}
// An optional is present, with a value as its type's (passive integers).
template <class T> void walk(Ctx &c, std::optional<T> &o) {
  if (c.make) o.emplace();
  walk(c, *o);
}

template <class T> void walk(Ctx &c, T &x) {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_floating_point<U>::value) {
    scalar(c, const_cast<U &>(x));
  } else if constexpr (std::is_same<U, bool>::value) {
    if (c.make) const_cast<U &>(x) = (c.ival & 1) != 0;
  } else if constexpr (std::is_integral<U>::value) {
    if (c.make) const_cast<U &>(x) = U(c.ival);
  } else if constexpr (std::is_enum<U>::value) {
    if (c.make) const_cast<U &>(x) = U(0);
  } else {
    crt_fields(c, const_cast<U &>(x)); // generated per record (found by ADL)
  }
}

/// One corpus function as the driver describes it.
template <class A> struct Fn {
  const char *name;
  void (*walk)(Ctx &, A &);
  void (*primal)(A &, double *);
  void (*jvp)(A &, A &, double *, double *);
  void (*grad)(A &, A &, double, double *);
  bool has_ret, ret_float;
};

struct Opts {
  int points = 6;
  long ints = 0;            // 0: cycle 3, 2, 1
  std::size_t buf = 32, sbuf = 8, vec = 32;
  int domain = 0;           // 0: mixed, 1: positive only, 2: (0.05, 0.95)
  double scale = 1;         // draws and difference steps times this
  int modes = 3;            // 1 jvp, 2 grad
  double dottol = 0;        // 0: the type's default
};

} // namespace crt

#include "crt_check.h"
