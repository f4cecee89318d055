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
// Segments popped empty stay in the chain for the next growth (a checkpointed
// loop's re-runs push and pop the same amounts again and again), so the tape
// holds its peak until the call ends, as a doubling one would, and a loop
// pushing and popping across a segment's edge does not allocate each time.
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
  ADGEN_HD ~Stack() { releaseFrom(first_); }

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
      copyValues(data_ + size_, from, k);
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
      copyValues(to + n, data_ + size_, k);
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
  /// to[0..k) = from[0..k). The arrays a loop iteration snapshots are often
  /// a few values (GMM's 10-vectors): copied inline, four at a time, rather
  /// than through a call to memcpy, which cost GMM's gradient 3%.
  ADGEN_HD static void copyValues(T *to, const T *from, std::size_t k) {
    if (k > 64) {
      std::memcpy(to, from, k * sizeof(T));
      return;
    }
    std::size_t i = 0;
    for (; i + 4 <= k; i += 4)
      std::memcpy(to + i, from + i, 4 * sizeof(T));
    for (; i < k; ++i)
      to[i] = from[i];
  }

  /// A segment's header; its values follow it, 16-aligned.
  struct Segment {
    Segment *below, *above; ///< neighbours in the chain (null at its ends)
    std::size_t cap, used;  ///< used: its values while it is not on top
  };
  static constexpr std::size_t kHeader = (sizeof(Segment) + 15) / 16 * 16;
  ADGEN_HD static T *values(Segment *s) {
    return reinterpret_cast<T *>(reinterpret_cast<unsigned char *>(s) +
                                 kHeader);
  }

  /// Puts a segment with room for at least `need` values on top: the one
  /// above the top, kept from before, when it is large enough (a backward
  /// sweep's re-runs push and pop the same amounts again and again), else
  /// a new one. exact (a reservation): `need` values on an empty tape;
  /// otherwise at least as many as are held, as a push's growth is.
  ADGEN_HD void open(std::size_t need, bool exact) {
    if (seg_ && size_ == 0) { // an empty top: go under it, keep it above
      if (seg_->below) {
        stepDown();
        if (cap_ - size_ >= need)
          return;
      } else {
        seg_ = nullptr, data_ = nullptr, cap_ = 0;
      }
    }
    Segment *next = seg_ ? seg_->above : first_;
    if (!next || next->cap < need) {
      releaseFrom(next); // too small: it and those above it go
      std::size_t held = below_ + size_, want = need;
      if (!exact || held) {
        want = want < held ? held : want;
        want = want < 64 ? 64 : want;
      }
      next = static_cast<Segment *>(
          detail::allocate(arena_, kHeader + want * sizeof(T)));
      next->cap = want;
      next->below = seg_;
      next->above = nullptr;
      (seg_ ? seg_->above : first_) = next;
      heldBytes_ += want * sizeof(T);
      if (heldBytes_ > peakBytes_)
        peakBytes_ = heldBytes_;
      ++opened_;
    }
    if (seg_)
      seg_->used = size_;
    below_ += size_;
    seg_ = next;
    data_ = values(next);
    size_ = 0;
    cap_ = next->cap;
  }

  /// The top segment is empty: go down to the one under it (the empty one
  /// stays above, for the next growth).
  ADGEN_HD void stepDown() {
    seg_ = seg_->below;
    size_ = seg_->used;
    cap_ = seg_->cap;
    below_ -= size_;
    data_ = values(seg_);
  }

  /// Frees s and every segment above it.
  ADGEN_HD void releaseFrom(Segment *s) {
    if (s && s->below)
      s->below->above = nullptr;
    else if (s)
      first_ = nullptr;
    while (s) {
      Segment *up = s->above;
      heldBytes_ -= s->cap * sizeof(T);
      detail::release(arena_, s);
      s = up;
    }
  }

  Arena *arena_ = nullptr;
  Segment *first_ = nullptr; ///< the bottom of the chain
  Segment *seg_ = nullptr;   ///< the top segment (null: none yet)
  T *data_ = nullptr;        ///< the top segment's values
  std::size_t size_ = 0, cap_ = 0; ///< in the top segment
  std::size_t below_ = 0;          ///< values in the segments under it
  std::size_t heldBytes_ = 0, peakBytes_ = 0, opened_ = 0;
};

} // namespace adgen

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
