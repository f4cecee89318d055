// adgen::Stack: the LIFO tape of reverse mode. The forward sweep pushes what
// the backward sweep needs (local partial derivatives, array indices, branch
// decisions, trip counts); the backward sweep pops it in reverse order.
//
// Works in host and device code (malloc/free are available in both, or a
// batched kernel's per-thread Arena). The tape is a chain of segments and
// never copies what it holds: when the segment in use is full, the next
// push opens a new one at least as large as everything held so far (so a
// tape of n values takes O(log n) allocations), and the backward sweep steps
// back down the chain. reserveMore(n), which the generated code calls before
// a loop whose pushes it can count or bound, makes room for n more values in
// one block: on an empty tape that block is the only allocation of the call.
// The segment popped empty is kept for the next growth, so a loop pushing and
// popping across a segment's edge does not allocate each time.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "adgen/arena.h"
#include "adgen/hd.h"

// g++ -O1 and up may warn inside pushFrom()/popInto() about bounds it cannot
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
  ADGEN_HD ~Stack() {
    while (seg_) {
      Segment *below = seg_->below;
      detail::release(arena_, seg_);
      seg_ = below;
    }
    detail::release(arena_, spare_);
  }

  ADGEN_HD void push(T v) {
    if (size_ == cap_)
      open(1, false);
    data_[size_++] = v;
  }
  ADGEN_HD T pop() {
    if (size_ == 0)
      stepDown();
    return data_[--size_];
  }

  /// Pushes from[0], ..., from[n - 1] (a snapshot of an array), in order.
  ADGEN_HD void pushFrom(const T *from, std::size_t n) {
    while (n) {
      if (size_ == cap_)
        open(n, false);
      std::size_t k = cap_ - size_ < n ? cap_ - size_ : n;
      std::memcpy(data_ + size_, from, k * sizeof(T));
      size_ += k;
      from += k;
      n -= k;
    }
  }
  /// Pops the last n values pushed back into to[0], ..., to[n - 1]: the
  /// inverse of pushFrom(to, n).
  ADGEN_HD void popInto(T *to, std::size_t n) {
    while (n) {
      if (size_ == 0)
        stepDown();
      std::size_t k = size_ < n ? size_ : n;
      size_ -= k;
      n -= k;
      std::memcpy(to + n, data_ + size_, k * sizeof(T));
    }
  }

  /// Room for n more values beyond those held, in one block.
  ADGEN_HD void reserveMore(std::size_t n) {
    if (cap_ - size_ < n)
      open(n, true);
  }
  /// Room for n values in all.
  ADGEN_HD void reserve(std::size_t n) {
    if (n > size())
      reserveMore(n - size());
  }

  /// Values held.
  ADGEN_HD std::size_t size() const { return below_ + size_; }
  /// Bytes of segments held at the most (for the stats of a run).
  ADGEN_HD std::size_t capacityBytes() const { return peakBytes_; }
  /// Allocations made so far.
  ADGEN_HD std::size_t segmentsOpened() const { return opened_; }

private:
  /// A segment's header; its values follow it, 16-aligned.
  struct Segment {
    Segment *below; ///< the segment under this one (null for the first)
    std::size_t cap, used; ///< used: its values while it is not on top
  };
  static constexpr std::size_t kHeader = (sizeof(Segment) + 15) / 16 * 16;
  ADGEN_HD static T *values(Segment *s) {
    return reinterpret_cast<T *>(reinterpret_cast<unsigned char *>(s) +
                                 kHeader);
  }

  /// Puts a segment with room for at least `need` values on top. exact (a
  /// reservation): `need` values, unless the tape is held elsewhere, where
  /// it is at least as large as what is held, as a push's growth is.
  ADGEN_HD void open(std::size_t need, bool exact) {
    if (seg_ && size_ == 0) { // the top is empty: replace it
      Segment *empty = seg_;
      seg_ = empty->below;
      keepSpare(empty);
      if (seg_) {
        size_ = seg_->used;
        cap_ = seg_->cap;
        below_ -= size_;
        data_ = values(seg_);
        if (cap_ - size_ >= need)
          return;
      } else {
        cap_ = 0;
        data_ = nullptr;
      }
    }
    std::size_t held = below_ + size_;
    std::size_t want = need;
    if (!exact || held) {
      if (want < held)
        want = held;
      if (want < 64)
        want = 64;
    }
    Segment *s = nullptr;
    if (spare_ && spare_->cap >= need) {
      s = spare_;
      spare_ = nullptr;
    } else {
      s = static_cast<Segment *>(
          detail::allocate(arena_, kHeader + want * sizeof(T)));
      s->cap = want;
      heldBytes_ += want * sizeof(T);
      if (heldBytes_ > peakBytes_)
        peakBytes_ = heldBytes_;
      ++opened_;
    }
    if (seg_)
      seg_->used = size_;
    s->below = seg_;
    below_ += size_;
    seg_ = s;
    data_ = values(s);
    size_ = 0;
    cap_ = s->cap;
  }

  /// The top segment is empty: go down to the one under it.
  ADGEN_HD void stepDown() {
    Segment *empty = seg_;
    seg_ = empty->below;
    keepSpare(empty);
    size_ = seg_->used;
    cap_ = seg_->cap;
    below_ -= size_;
    data_ = values(seg_);
  }

  /// Keeps s for the next growth, giving back the spare held before.
  ADGEN_HD void keepSpare(Segment *s) {
    if (spare_) {
      heldBytes_ -= spare_->cap * sizeof(T);
      detail::release(arena_, spare_);
    }
    spare_ = s;
  }

  Arena *arena_ = nullptr;
  Segment *seg_ = nullptr;   ///< the top segment
  Segment *spare_ = nullptr; ///< a segment popped empty, kept
  T *data_ = nullptr;        ///< the top segment's values
  std::size_t size_ = 0, cap_ = 0; ///< in the top segment
  std::size_t below_ = 0;          ///< values in the segments under it
  std::size_t heldBytes_ = 0, peakBytes_ = 0, opened_ = 0;
};

} // namespace adgen

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
