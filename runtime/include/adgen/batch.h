// adgen batched kernels: what the launchers adgen generates for
// `#pragma adgen grad(...) batch(x, y)` share (CUDA flavour).
//
// f_grad_batch(batch, <arguments, per-sample ones batch × extent>, ...)
// runs f_grad once per sample: one GPU thread per sample when a GPU is
// present (copying in and out), else the same batch on the CPU, one sample
// after another. f_grad_batch_device takes device pointers and launches
// only. Per-sample adjoints are written per sample; adjoints of shared
// parameters are summed over the batch:
//
//   - each thread accumulates its sample's adjoint of a shared array w into
//     its own column of a [extent × chunk] buffer (element k of sample t at
//     k·chunk + t: threads of a warp write neighbouring addresses);
//   - sumColumns then adds each row into w_bar, one warp per element, lanes
//     striding over the samples and a shuffle tree: no atomics, and the
//     same sum in the same order on every run.
//
// Batches larger than what fits in Options::deviceBytes run in chunks.
// Tapes and snapshots of a thread come from its slice of one preallocated
// arena (adgen/arena.h), sized by adgen's estimate of the tape of one
// sample or by Options::arenaBytesPerSample; a thread that needs more falls
// back to the device heap and is counted in Report::overflows.
//
// Every CUDA call is checked: the first failure ends the launch and is in
// the Report (error, message); nothing is left half-written silently.
#pragma once

#include <cstddef>

#include "adgen/arena.h"
#include "adgen/hd.h"

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

namespace adgen {
namespace batch {

struct Options {
  /// Run on the CPU even when a GPU is present.
  bool host = false;
  /// Device memory one launch may use for arena slices and the columns of
  /// shared adjoints (the batch runs in chunks that fit).
  std::size_t deviceBytes = std::size_t(1) << 30;
  /// Bytes of tape and snapshots per sample; 0: adgen's estimate.
  std::size_t arenaBytesPerSample = 0;
  int threadsPerBlock = 128;
};

struct Report {
  bool device = false;       ///< ran on the GPU
  long long chunk = 0;       ///< samples per launch
  long long chunks = 0;      ///< launches
  std::size_t arenaBytesPerSample = 0;
  unsigned long long overflows = 0; ///< threads whose slice was too small
  int error = 0;             ///< the first failing cudaError_t, 0 if none
  const char *message = "";  ///< its text
  explicit operator bool() const { return error == 0; }
};

/// Whether a CUDA device is usable (false when compiled without CUDA or
/// when cudaGetDeviceCount finds none).
inline bool deviceAvailable() {
#if defined(__CUDACC__)
  static int count = -1;
  if (count < 0 && cudaGetDeviceCount(&count) != cudaSuccess) {
    count = 0;
    cudaGetLastError(); // clear it
  }
  return count > 0;
#else
  return false;
#endif
}

/// Bytes of a thread's arena slice: the option, else adgen's estimate;
/// rounded up to 16 so every slice starts aligned.
inline std::size_t arenaBytes(const Options &o, std::size_t estimate) {
  std::size_t n = o.arenaBytesPerSample ? o.arenaBytesPerSample : estimate;
  return (n + 15) / 16 * 16;
}

/// Samples per launch: all of them, or as many as fit in deviceBytes.
inline long long chunkSize(long long batch, std::size_t perSample,
                           const Options &o) {
  long long fit = perSample ? static_cast<long long>(o.deviceBytes / perSample)
                            : batch;
  if (fit < 1)
    fit = 1;
  return batch < fit ? (batch < 1 ? 1 : batch) : fit;
}

#if defined(__CUDACC__)
/// Records the first failure; false when `e` is one.
inline bool check(Report &rep, cudaError_t e) {
  if (e == cudaSuccess)
    return true;
  if (rep.error == 0) {
    rep.error = static_cast<int>(e);
    rep.message = cudaGetErrorString(e);
  }
  return false;
}

/// A device array that frees itself.
template <class T> class DeviceBuffer {
public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() {
    if (p_)
      cudaFree(p_);
  }
  bool allocate(Report &rep, std::size_t n) {
    n_ = n;
    return n == 0 || check(rep, cudaMalloc(&p_, n * sizeof(T)));
  }
  /// Allocates n and copies them from the host (nothing when host is null).
  bool upload(Report &rep, const T *host, std::size_t n) {
    if (!host)
      n = 0;
    return allocate(rep, n) &&
           (n == 0 || check(rep, cudaMemcpy(p_, host, n * sizeof(T),
                                            cudaMemcpyHostToDevice)));
  }
  bool download(Report &rep, T *host) const {
    return n_ == 0 || !host ||
           check(rep, cudaMemcpy(host, p_, n_ * sizeof(T),
                                 cudaMemcpyDeviceToHost));
  }
  bool zero(Report &rep) {
    return n_ == 0 || check(rep, cudaMemset(p_, 0, n_ * sizeof(T)));
  }
  T *get() const { return p_; }

private:
  T *p_ = nullptr;
  std::size_t n_ = 0;
};

/// out[k] += Σ_r partial[k·rows + r] for k < cols: one warp per k.
template <class T>
__global__ void sumColumns(const T *partial, long long rows, long long cols,
                           T *out) {
  long long warp =
      (blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x) / 32;
  int lane = static_cast<int>(threadIdx.x % 32);
  if (warp >= cols)
    return; // the whole warp: blockDim is a multiple of 32
  T s = 0;
  for (long long r = lane; r < rows; r += 32)
    s += partial[warp * rows + r];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0)
    out[warp] += s;
}

template <class T>
bool reduce(Report &rep, const T *partial, long long rows, long long cols,
            T *out, int threadsPerBlock) {
  if (rows <= 0 || cols <= 0)
    return true;
  int tpb = threadsPerBlock < 32 ? 32 : threadsPerBlock / 32 * 32;
  long long blocks = (cols * 32 + tpb - 1) / tpb;
  sumColumns<<<static_cast<unsigned>(blocks), tpb>>>(partial, rows, cols, out);
  return check(rep, cudaGetLastError());
}

/// The arena slices of one launch: thread t owns [t·perThread, (t+1)·perThread).
struct Slices {
  unsigned char *base = nullptr;
  std::size_t perThread = 0;
  unsigned long long *overflows = nullptr;

  __device__ Arena slice(long long t) const {
    return Arena(base + static_cast<std::size_t>(t) * perThread, perThread);
  }
  __device__ void done(const Arena &a) const {
    if (a.overflows() && overflows)
      atomicAdd(overflows, 1ULL); // rare: a slice that was too small
  }
};

/// Launch geometry for n threads.
inline unsigned blocksFor(long long n, int threadsPerBlock) {
  return static_cast<unsigned>((n + threadsPerBlock - 1) / threadsPerBlock);
}
#endif

} // namespace batch
} // namespace adgen
