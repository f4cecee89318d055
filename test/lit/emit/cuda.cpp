// REQUIRES: nvcc
// The generated code compiles warning-free with nvcc as CUDA: the CUDA
// flavour (.cu) and the C++ flavour (.cpp, compiled with -x cu), for the
// default architecture and -arch=sm_90; and a kernel can call the generated
// functions (they are __host__ __device__ under nvcc).
// RUN: adgen %s -o %t.cu
// RUN: %nvcc -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: adgen %s -o %t.cpp
// RUN: %nvcc -c -x cu %t.cpp -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 -c -x cu %t.cpp -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 '-DGENERATED="%t.cu"' -c -x cu %S/Inputs/kernel_tu.cu -o %t.k.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
#include <cmath>

static double sq(double v) { return v * v; }

#pragma adgen jvp
double mix(double a, double b) {
  double r = std::exp(a) * std::log1p(b * b) + std::pow(a, 3.0) - std::hypot(a, b);
  r += a > b ? std::fmax(a, b) : std::fmin(a, b);
  return std::atan2(r, 1.0 + sq(a)) + std::cbrt(std::fabs(b) + 1.0);
}

#pragma adgen jvp(w)
double dot_tanh(const double* x, const double* w, int n) {
  double z = 0.0;
  for (int i = 0; i < n; ++i)
    z += w[i] * x[i];
  return std::tanh(z);
}

#pragma adgen jvp(x)
void scale_into(const double* x, double* out, double s, int n) {
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0.0)
      out[i] = s * x[i] * x[i];
    else
      out[i] = std::sin(x[i]);
  }
}

#pragma adgen jvp
float f32(float x, float y) {
  float t = sinf(x) * y;
  int k = 0;
  while (k < 3) {
    t = t * 0.5f + y;
    ++k;
  }
  return t;
}
