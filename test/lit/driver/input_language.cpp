// adgen's inputs are C++ whatever their name (CUDA for .cu and .cuh): a .h is
// not parsed as C, and .cuh, .inl or no extension still make one compile job.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cp %s %t.dir/sq.h && cp %s %t.dir/sq.hpp && cp %s %t.dir/sq.inl
// RUN: cp %s %t.dir/sq.cuh && cp %s %t.dir/sq.cu && cp %s %t.dir/sq
// RUN: adgen %t.dir/sq.h -o %t.dir/h.cpp 2>&1 | count 0
// RUN: adgen %t.dir/sq.hpp -o %t.dir/hpp.cpp 2>&1 | count 0
// RUN: adgen %t.dir/sq.inl -o %t.dir/inl.cpp 2>&1 | count 0
// RUN: adgen %t.dir/sq.cuh -o %t.dir/cuh.cpp 2>&1 | count 0
// RUN: adgen %t.dir/sq.cu -o %t.dir/cu.cpp 2>&1 | count 0
// RUN: adgen %t.dir/sq -o %t.dir/noext.cpp 2>&1 | count 0
// RUN: %cxx -c %t.dir/h.cpp -o %t.dir/h.o
// RUN: FileCheck %s < %t.dir/h.cpp
// RUN: FileCheck %s < %t.dir/inl.cpp
// RUN: FileCheck %s < %t.dir/cuh.cpp
// RUN: FileCheck %s < %t.dir/noext.cpp
// CHECK: double sq_jvp(double x, double x_dot, double *sq_dot)
//
// An argument the parser's driver refuses fails the run (exit 1), output
// untouched.
// RUN: echo old > %t.dir/out.cpp
// RUN: not adgen %s -o %t.dir/out.cpp -- -fbogus-flag 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: unknown argument: '-fbogus-flag'
// RUN: not adgen %s -o %t.dir/out.cpp -std=c89 2>&1 | FileCheck %s --check-prefix=STD
// STD: error: invalid argument '-std=c89' not allowed with 'C++'
// RUN: echo old | cmp - %t.dir/out.cpp

#pragma adgen jvp
double sq(double x) { return x * x; }
