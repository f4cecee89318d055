// The flavour follows the -o extension (.cu/.cuh -> CUDA, anything else ->
// C++); --target=cpp|cuda overrides it.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: adgen %s -o %t.dir/a.cpp && FileCheck %s --check-prefix=CPP < %t.dir/a.cpp
// RUN: adgen %s -o %t.dir/a.cc && FileCheck %s --check-prefix=CPP < %t.dir/a.cc
// RUN: adgen %s -o %t.dir/a.h && FileCheck %s --check-prefix=CPP < %t.dir/a.h
// RUN: adgen %s -o %t.dir/a.hpp && FileCheck %s --check-prefix=CPP < %t.dir/a.hpp
// RUN: adgen %s -o %t.dir/a.cu && FileCheck %s --check-prefix=CUDA < %t.dir/a.cu
// RUN: adgen %s -o %t.dir/a.cuh && FileCheck %s --check-prefix=CUDA < %t.dir/a.cuh
// RUN: adgen %s -o - | FileCheck %s --check-prefix=CPP
// RUN: adgen %s -o - --target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: adgen %s -o %t.dir/b.cpp --target=cuda && FileCheck %s --check-prefix=CUDA < %t.dir/b.cpp
// RUN: adgen %s -o %t.dir/b.cu --target=cpp && FileCheck %s --check-prefix=CPP < %t.dir/b.cu
// RUN: adgen %s -o %t.dir/c.cu --target=cuda && cmp %t.dir/a.cu %t.dir/c.cu
// RUN: adgen %s -o %t.dir/c.cpp --target=cpp && cmp %t.dir/a.cpp %t.dir/c.cpp
// CPP: C++ flavour
// CPP-NOT: CUDA flavour
// CPP: ADGEN_HD double sq_jvp(
// CUDA: CUDA flavour
// CUDA-NOT: C++ flavour
// CUDA: ADGEN_HD double sq_jvp(

#pragma adgen jvp
double sq(double x) { return x * x; }
