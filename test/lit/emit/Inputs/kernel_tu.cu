// Helper for emit/cuda.cpp: a CUDA translation unit that #includes the
// generated file and calls its functions from a kernel.
#include GENERATED

__global__ void jvp_kernel(const double* a, const double* b, double* y,
                           double* dy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = mix_jvp(a[i], b[i], 1.0, 0.0, &dy[i]);
}

__global__ void dot_kernel(const double* x, const double* w,
                           const double* w_dot, double* y, double* dy, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *y = dot_tanh_jvp(x, w, n, w_dot, dy);
}

__global__ void float_kernel(const float* x, float* y, float* dy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f32_jvp(x[i], 2.0f, 1.0f, 0.0f, &dy[i]);
}
