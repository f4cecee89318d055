// REQUIRES: nvcc
// The generated code compiles warning-free with nvcc as CUDA: the CUDA
// flavour (.cu) and the C++ flavour (.cpp, compiled with -x cu), for the
// default architecture and -arch=sm_90; and a kernel can call the generated
// functions (they are __host__ __device__ under nvcc).
// RUN: adgen %S/Inputs/mixed.cpp -o %t.cu
// RUN: %nvcc -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 -c -x cu %t.cu -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: adgen %S/Inputs/mixed.cpp -o %t.cpp
// RUN: %nvcc -c -x cu %t.cpp -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 -c -x cu %t.cpp -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 '-DGENERATED="%t.cu"' -c -x cu %S/Inputs/kernel_tu.cu -o %t.k.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
