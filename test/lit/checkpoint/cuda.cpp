// REQUIRES: nvcc
// Checkpointed adjoints compile warning-free with nvcc as CUDA, with and
// without ADGEN_STATS (the counters are host-only): the runtime's snapshot
// store and schedules are __host__ __device__; a kernel calls f_grad.
// RUN: adgen %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %nvcc -arch=sm_90 -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -DADGEN_STATS -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 -DADGEN_KERNEL '-DGENERATED="%t.cu"' -c -x cu %s -o %t.k.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
#ifndef ADGEN_KERNEL
#include <cmath>

#pragma adgen grad(w)
double rnn(const double *w, const double *x, int n) {
  double h[4] = {0.1, 0.2, 0.3, 0.4};
#pragma adgen checkpoint(binomial 3)
  for (int t = 0; t < n; ++t) {
    double s[4];
    for (int i = 0; i < 4; ++i) {
      s[i] = x[t];
      for (int j = 0; j < 4; ++j)
        s[i] += w[4 * i + j] * h[j];
    }
    for (int i = 0; i < 4; ++i)
      h[i] = std::tanh(s[i]);
  }
  int k = 0;
#pragma adgen checkpoint(auto)
  while (k++ < n)
    h[k % 4] = std::sin(h[(k + 1) % 4] * w[0]);
  return h[0] + h[3];
}
// CHECK: adgen::checkpoint::Reverse reverse{{[0-9]+}}(
// CHECK: adgen::checkpoint::Reverse reverse{{[0-9]+}}(
#else
#include GENERATED
__global__ void grads(const double *w, const double *x, int n, double *w_bar) {
  int b = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  rnn_grad(w, x + b * n, n, w_bar + 16 * b);
}
#endif
