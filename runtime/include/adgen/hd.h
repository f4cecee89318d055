// ADGEN_HD marks every generated function and runtime member:
// __host__ __device__ under nvcc, nothing otherwise, so one generated file
// serves g++ and nvcc alike.
#pragma once

#if defined(__CUDACC__)
#define ADGEN_HD __host__ __device__
#else
#define ADGEN_HD
#endif
