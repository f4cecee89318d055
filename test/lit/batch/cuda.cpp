// REQUIRES: nvcc
// batch(...) with nvcc: the same generated code and checks as host.cpp
// (Inputs/batch_driver.h), compiled as CUDA warning-free for sm_90 and for
// nvcc's default architecture, and run. Without a GPU (deviceAvailable()
// false) the launchers run on the CPU and must equal the per-sample loop
// bitwise; with one (cudaGetDeviceCount > 0) they run the kernels, and the
// results must equal the CPU's to 1e-12 relative, also in chunks, with an
// arena slice too small (overflows counted) and through the _device
// launchers. The output says which it was.
// RUN: adgen %S/Inputs/batch_funcs.cpp -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %cxx -Wno-unknown-pragmas -c %S/Inputs/batch_funcs.cpp -o %t.primal.o
// RUN: %nvcc -arch=sm_90 -x cu '-DGENERATED="%t.cu"' -I%S/Inputs -c %s -o %t.sm90.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc -arch=sm_90 %t.sm90.o %t.primal.o -o %t.sm90.exe
// RUN: %t.sm90.exe | FileCheck %s --check-prefix=OUT
// RUN: %nvcc -x cu '-DGENERATED="%t.cu"' -I%S/Inputs -c %s -o %t.o -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
// RUN: %nvcc %t.o %t.primal.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
#include <adgen/runtime.h>
#include GENERATED
#include "batch_driver.h"

int main() { return bd::run() ? 1 : 0; }

// OUT: batch: ran on the device: {{yes|no}}
// OUT-NOT: MISMATCH
// OUT: batch: all ok

// The checkpointed loop's snapshots come from the thread's arena slice.
// CHECK-LABEL: ckpt_grad_strided(
// CHECK: adgen::checkpoint::Store snapshots(adgen_arena);
// The kernels: one thread per sample; a shared adjoint's column at + t (the
// stride is the chunk's count); tapes in the thread's arena slice.
// CHECK: __global__ void loss_batch_kernel(long long first, long long count,
// CHECK: __global__ void loss_grad_batch_kernel(long long first, long long count,
// CHECK: adgen::Arena arena = slices.slice(t);
// CHECK: loss_grad_strided(x + s * 3, w, y[s], w_bar + t,
// CHECK-NEXT: y_bar + s, count, &arena, loss_bar);
// CHECK: slices.done(arena);
// CHECK: adgen::batch::reduce(rep, w_bar_columns.get(), count, 3, w_bar,
// CHECK: __global__ void loss_jvp_batch_kernel(long long first, long long count,
