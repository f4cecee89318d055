// `adgen --help` mentions `adgen plan`; `adgen plan --help` lists its options.
// RUN: adgen --help | FileCheck %s --check-prefix=TOP
// TOP: adgen plan --steps N
// RUN: adgen plan --help | FileCheck %s
// CHECK-DAG: --steps N
// CHECK-DAG: --all
// CHECK-DAG: --every S
// CHECK-DAG: --auto
// CHECK-DAG: --binomial C
// CHECK-DAG: --recompute
// CHECK-DAG: --budget BYTES
// CHECK-DAG: --bytes B
// CHECK-DAG: --svg FILE
