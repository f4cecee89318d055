// The derivatives of functions taking std::vector / std::array compile with
// nvcc warning-free: their wrappers (which call data() and size(), host
// functions) are host-only, their flat versions ADGEN_HD.
// REQUIRES: nvcc
// RUN: adgen %S/std_containers.cpp -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %nvcc -x cu -Werror all-warnings -c %t.cpp -o %t.o
// CHECK: ADGEN_HD inline double adgen_flat_sumsq_grad(
// CHECK: {{^}}double sumsq_grad(const std::vector<double> &v,
