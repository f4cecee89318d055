// batch(...) as C++: the launchers adgen generates for Inputs/batch_funcs.cpp
// (per-sample pointers, scalars and an int; shared pointers and scalars; a
// per-sample array the function writes; a taped loop; a trip count from a
// shared int; a checkpointed loop; a void function in a namespace) compiled
// with g++ run the batch on the CPU, and equal, bitwise, a loop over the
// samples calling f, f_grad and f_jvp (shared adjoints summed, adjoints
// accumulating over two calls), for batches of 0, 1, 37 and 1000, with and
// without opts.host (see Inputs/batch_driver.h). Both flavours: the .cpp and
// the .cu compiled as C++ (what adgen_add_derivatives does without CUDA).
// RUN: adgen %S/Inputs/batch_funcs.cpp -o %t.cpp
// RUN: adgen %S/Inputs/batch_funcs.cpp -o %t.cu
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wno-unknown-pragmas -c %S/Inputs/batch_funcs.cpp -o %t.primal.o
// RUN: %cxx '-DGENERATED="%t.cpp"' -I%S/Inputs -c %s -o %t.o
// RUN: %cxx %t.o %t.primal.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %cxx '-DGENERATED="%t.cu"' -I%S/Inputs -c %s -o %t.cu.o
// RUN: %cxx %t.cu.o %t.primal.o -o %t.cu.exe
// RUN: %t.cu.exe | FileCheck %s --check-prefix=OUT
#include <adgen/runtime.h>
#include GENERATED
#include "batch_driver.h"

int main() { return bd::run() ? 1 : 0; }

// OUT: batch: ran on the device: no
// OUT-NOT: MISMATCH
// OUT: batch: all ok

// The launchers' signatures: per-sample scalars become arrays, shared ones
// stay scalars, adjoints of shared scalars are pointers, values and the seed
// come last, then the options.
// CHECK-LABEL: {{^}}loss_batch(long long batch, const double *x, const double *w, const double *y,
// CHECK-NEXT: double *values = nullptr,
// CHECK-NEXT: {{\[\[maybe_unused\]\]}} const adgen::batch::Options &opts = {}) {
// CHECK: loss_grad_batch(long long batch, const double *x, const double *w,
// CHECK-NEXT: const double *y, double *w_bar, double *y_bar,
// CHECK-NEXT: double *values = nullptr, double loss_bar = 1.0,
// The host loop: sample s at s times the extent; shared adjoints as they are.
// CHECK: for (long long s = 0; s < batch; ++s) {
// CHECK-NEXT: const double value =
// CHECK-NEXT: loss_grad(x + s * 3, w, y[s], w_bar, y_bar + s, loss_bar);
// CHECK: loss_jvp_batch(long long batch, const double *x, const double *w,
// CHECK-NEXT: const double *y, const double *x_dot, const double *w_dot,
// CHECK-NEXT: const double *y_dot, double *loss_dot, double *values = nullptr,
// CHECK: layer_grad_batch(long long batch, const double *x, const double *W,
// CHECK-NEXT: double scale, const int *label, double *out, double *x_bar,
// CHECK-NEXT: double *W_bar, double *scale_bar, double *out_bar,
// CHECK: layer_grad(x + s * 3, W, scale, label[s], out + s * 4,
// An extent from size(x, n), n shared.
// CHECK: recur_grad(x + s * n, w, n, w_bar,
// CHECK: namespace nn {
// CHECK: axpy_grad_batch(long long batch, double a, const double *x, double *out,
// CHECK-NEXT: double *a_bar, double *x_bar, double *out_bar,
// CHECK: } // namespace nn
