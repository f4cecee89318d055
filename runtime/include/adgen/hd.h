// ADGEN_HD marks every generated function and runtime member:
// __host__ __device__ under nvcc, nothing otherwise, so one generated file
// serves g++ and nvcc alike.
#pragma once

#if defined(__CUDACC__)
#define ADGEN_HD __host__ __device__
#else
#define ADGEN_HD
#endif

// ADGEN_UNROLL(n) asks the compiler to unroll the loop after it n times:
// vector forward mode's lane loops (`width(8)`), so that each lane's
// tangent is a register rather than an array element loaded and stored
// again per statement. nvcc's host pass and other compilers ignore it.
#define ADGEN_PRAGMA(x) _Pragma(#x)
#if defined(__CUDA_ARCH__) || (defined(__clang__) && !defined(__CUDACC__))
#define ADGEN_UNROLL(n) ADGEN_PRAGMA(unroll n)
#elif defined(__GNUC__) && !defined(__CUDACC__)
#define ADGEN_UNROLL(n) ADGEN_PRAGMA(GCC unroll n)
#else
#define ADGEN_UNROLL(n)
#endif
