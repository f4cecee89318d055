// --help exits 0 and lists every option of SPEC §1, and the debugging
// options --print-after and --verify-each.
// RUN: adgen --help | FileCheck %s
// RUN: adgen --help | FileCheck %s --check-prefix=EMIT
// CHECK-DAG: -o FILE
// CHECK-DAG: {{(`-`|-o -).*stdout}}
// CHECK-DAG: --target=cpp|cuda
// CHECK-DAG: --emit=
// CHECK-DAG: --checkpoint=POLICY
// CHECK-DAG: --header FILE
// CHECK-DAG: --print-after=PASS
// CHECK-DAG: --verify-each
// CHECK-DAG: -I DIR
// CHECK-DAG: -D NAME
// CHECK-DAG: -std=
// CHECK-DAG: -p BUILD_DIR
// CHECK-DAG: [-- extra clang arguments]
// CHECK-DAG: --help
// CHECK-DAG: --version
// Every --emit value, and --show.
// EMIT-DAG: --emit=code
// EMIT-DAG: --emit=wengert
// EMIT-DAG: --emit=stats
// EMIT-DAG: --show=
// EMIT-DAG: .cu
