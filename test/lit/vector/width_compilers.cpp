// Vector forward mode's lane loops carry ADGEN_UNROLL(K) (each lane's
// tangent a register, not an array element loaded and stored per
// statement); the macro must compile warning-free under g++, clang++ and
// nvcc (device and host passes), and expand to each compiler's pragma.
// REQUIRES: nvcc
// RUN: adgen %S/width.cpp -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: clang++-22 -std=c++17 -Wall -Wextra -Werror -I%runtime_include -c %t.cpp -o %t.clang.o
// RUN: %nvcc -x cu -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cpp -o %t.cu.o
// RUN: %cxx -E -P %t.cpp | FileCheck %s --check-prefix=GCC
// RUN: clang++-22 -std=c++17 -I%runtime_include -E -P %t.cpp | FileCheck %s --check-prefix=CLANG
// CHECK: ADGEN_UNROLL(8)
// CHECK-NEXT: for (int k = 0; k < 8; ++k) {
// GCC: #pragma GCC unroll 8
// GCC: for (int k = 0; k < 8; ++k) {
// CLANG: #pragma unroll 8
// CLANG: for (int k = 0; k < 8; ++k) {
