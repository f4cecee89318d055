// adgen::Stack: the LIFO tape of reverse mode. The forward sweep pushes what
// the backward sweep needs (local partial derivatives, array indices, branch
// decisions, trip counts); the backward sweep pops it in reverse order.
//
// Works in host and device code (malloc/free are available in both, or a
// batched kernel's per-thread Arena); grows by doubling. reserve()
// preallocates when a trip count is known up front.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "adgen/arena.h"
#include "adgen/hd.h"

// g++ -O1 and up may warn inside reserve()/pop() about bounds it cannot
// prove (the size_ <= cap_ invariant); they are false positives.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace adgen {

template <class T> class Stack {
public:
  Stack() = default;
  /// Memory from `arena` (a batched kernel's per-thread slice).
  ADGEN_HD explicit Stack(Arena *arena) : arena_(arena) {}
  Stack(const Stack &) = delete;
  Stack &operator=(const Stack &) = delete;
  ADGEN_HD ~Stack() { detail::release(arena_, data_); }

  ADGEN_HD void push(T v) {
    if (size_ == cap_)
      reserve(cap_ ? 2 * cap_ : 64);
    data_[size_++] = v;
  }
  ADGEN_HD T pop() { return data_[--size_]; }

  /// Pushes from[0], ..., from[n - 1] (a snapshot of an array), in order.
  ADGEN_HD void pushFrom(const T *from, std::size_t n) {
    if (size_ + n > cap_)
      reserve(size_ + n > 2 * cap_ ? size_ + n : 2 * cap_);
    if (n)
      std::memcpy(data_ + size_, from, n * sizeof(T));
    size_ += n;
  }
  /// Pops the last n values pushed back into to[0], ..., to[n - 1]: the
  /// inverse of pushFrom(to, n).
  ADGEN_HD void popInto(T *to, std::size_t n) {
    size_ -= n;
    if (n)
      std::memcpy(to, data_ + size_, n * sizeof(T));
  }

  ADGEN_HD void reserve(std::size_t n) {
    if (n <= cap_)
      return;
    T *grown = static_cast<T *>(detail::allocate(arena_, n * sizeof(T)));
    if (size_)
      std::memcpy(grown, data_, size_ * sizeof(T));
    detail::release(arena_, data_);
    data_ = grown;
    cap_ = n;
  }

  /// Room for n more values beyond those held.
  ADGEN_HD void reserveMore(std::size_t n) { reserve(size_ + n); }

  ADGEN_HD std::size_t size() const { return size_; }
  /// Bytes held at the most (for the stats of a run).
  ADGEN_HD std::size_t capacityBytes() const { return cap_ * sizeof(T); }

private:
  Arena *arena_ = nullptr;
  T *data_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
};

} // namespace adgen

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
