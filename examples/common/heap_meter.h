// heap_meter.h: the peak heap bytes a call allocates, measured exactly by
// interposing malloc & co. (glibc: the executable's definitions win over
// libc's, which stay reachable as __libc_malloc etc.).
//
// adgen's tape (adgen::Stack) and snapshot store (adgen::checkpoint::Store)
// live on the heap and are freed when f_grad returns, so
//
//   heap_meter::start();  f_grad(...);  size_t bytes = heap_meter::peak();
//
// is the most tape + snapshot (+ schedule) bytes the call held at once, what
// PyTorch's torch.cuda.max_memory_allocated() reports for a training step
// (less the caller's own arrays, allocated before start()). Memory on the
// call stack (fixed-size local arrays) is not counted.
//
// Include it in exactly ONE translation unit of a program (it defines
// malloc, free, calloc, realloc and the aligned allocators). glibc only.
#pragma once

#include <malloc.h>

#include <atomic>
#include <cstddef>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
}

namespace heap_meter {
namespace detail {
inline std::atomic<long long> live{0}, top{0};
inline void add(void* p) {
  if (!p) return;
  long long now = live.fetch_add(static_cast<long long>(malloc_usable_size(p)),
                                 std::memory_order_relaxed) +
                  static_cast<long long>(malloc_usable_size(p));
  long long t = top.load(std::memory_order_relaxed);
  while (now > t && !top.compare_exchange_weak(t, now, std::memory_order_relaxed)) {
  }
}
inline void sub(void* p) {
  if (p)
    live.fetch_sub(static_cast<long long>(malloc_usable_size(p)),
                   std::memory_order_relaxed);
}
inline long long base = 0;
}  // namespace detail

/// Heap bytes live now (everything malloc'd and not freed since start-up).
inline long long live() { return detail::live.load(); }
/// Starts a measurement: the peak is counted from what is live now.
inline void start() {
  detail::base = detail::live.load();
  detail::top.store(detail::base);
}
/// The most bytes live at once since start(), beyond those live at start().
inline long long peak() { return detail::top.load() - detail::base; }
}  // namespace heap_meter

extern "C" {
void* malloc(std::size_t n) {
  void* p = __libc_malloc(n);
  heap_meter::detail::add(p);
  return p;
}
void free(void* p) {
  heap_meter::detail::sub(p);
  __libc_free(p);
}
void* calloc(std::size_t n, std::size_t size) {
  void* p = __libc_calloc(n, size);
  heap_meter::detail::add(p);
  return p;
}
void* realloc(void* q, std::size_t n) {
  heap_meter::detail::sub(q);
  void* p = __libc_realloc(q, n);
  heap_meter::detail::add(p ? p : (n ? q : nullptr));
  return p;
}
void* memalign(std::size_t align, std::size_t n) {
  void* p = __libc_memalign(align, n);
  heap_meter::detail::add(p);
  return p;
}
void* aligned_alloc(std::size_t align, std::size_t n) {
  return memalign(align, n);
}
int posix_memalign(void** out, std::size_t align, std::size_t n) {
  void* p = memalign(align, n);
  if (!p) return 12;  // ENOMEM
  *out = p;
  return 0;
}
}
