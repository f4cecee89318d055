// The same input gives byte-identical output, run after run (no iteration
// over pointer-keyed containers leaks into the code), here on the MLP, whose
// adjoint has snapshots, tapes and many adjoint variables.
// RUN: adgen %src_root/examples/mlp/mlp.cpp -o %t.1.cpp
// RUN: adgen %src_root/examples/mlp/mlp.cpp -o %t.2.cpp
// RUN: env MALLOC_PERTURB_=77 adgen %src_root/examples/mlp/mlp.cpp -o %t.3.cpp
// RUN: cmp %t.1.cpp %t.2.cpp
// RUN: cmp %t.1.cpp %t.3.cpp
