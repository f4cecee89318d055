// adgen::Arena: where a generated adjoint's tapes and snapshots live when it
// runs as one thread of a batched kernel. The launcher preallocates one
// device buffer and gives each thread a slice of it; the thread's tapes and
// snapshot store then take their memory from the slice (a bump allocator)
// instead of calling malloc in the kernel. Growth copies into a new block of
// the slice (the old one is not reused until the thread ends).
//
// A slice too small is not an error that could go silent: allocation falls
// back to malloc (the device heap on a GPU) and the arena counts the
// overflow, which the launcher reports; only if malloc fails too does the
// thread stop (__trap on the device).
//
// Without an arena (a null Arena*, as in every f_grad called directly),
// allocation is plain malloc/free, on the host and on the device.
#pragma once

#include <cstddef>
#include <cstdlib>

#include "adgen/hd.h"

namespace adgen {

class Arena {
public:
  Arena() = default;
  ADGEN_HD Arena(unsigned char *base, std::size_t size)
      : base_(base), size_(size) {}

  /// n bytes, 16-aligned, from the slice; malloc when it is full.
  ADGEN_HD void *allocate(std::size_t n) {
    n = (n + 15) / 16 * 16;
    if (base_ && used_ + n <= size_) {
      void *p = base_ + used_;
      used_ += n;
      if (used_ > peak_)
        peak_ = used_;
      return p;
    }
    if (base_)
      ++overflows_;
    void *p = std::malloc(n);
    if (!p) {
#if defined(__CUDA_ARCH__)
      __trap();
#else
      std::abort();
#endif
    }
    return p;
  }

  /// Gives back p: a block of the slice is kept until the thread ends.
  ADGEN_HD void release(void *p) {
    auto *c = static_cast<unsigned char *>(p);
    if (c && !(base_ && c >= base_ && c < base_ + size_))
      std::free(p);
  }

  ADGEN_HD std::size_t peak() const { return peak_; }
  ADGEN_HD unsigned overflows() const { return overflows_; }

private:
  unsigned char *base_ = nullptr;
  std::size_t size_ = 0, used_ = 0, peak_ = 0;
  unsigned overflows_ = 0;
};

namespace detail {
ADGEN_HD inline void *allocate(Arena *a, std::size_t n) {
  return a ? a->allocate(n) : std::malloc(n);
}
ADGEN_HD inline void release(Arena *a, void *p) {
  if (a)
    a->release(p);
  else
    std::free(p);
}
} // namespace detail

} // namespace adgen
