// SPEC §3, a 32-layer model with 0.25 GiB per layer output: storing all
// takes 8 GiB; every 4 holds 11 outputs, 2.75 GiB, and recomputes 24 layers
// (0.75 of a forward pass).
// RUN: adgen plan --steps 32 --every 4 --bytes 268435456 | FileCheck %s --match-full-lines
// CHECK:      policy             every 4
// CHECK-NEXT: steps              32
// CHECK-NEXT: snapshots          8
// CHECK-NEXT: peak states held   11
// CHECK-NEXT: recomputed steps   24
// CHECK-NEXT: recomputation      0.75 of a forward pass
// CHECK-NEXT: state size         0.25 GiB (268435456 bytes)
// CHECK-NEXT: peak memory        2.75 GiB (2952790016 bytes)
// CHECK-NEXT: storing all        32 states, 8 GiB (8589934592 bytes)
// CHECK-NOT:  {{.}}
//
// RUN: adgen plan --steps 32 --all --bytes 256MiB | FileCheck %s --check-prefix=ALL
// ALL:     peak states held   32{{$}}
// ALL:     peak memory        8 GiB (8589934592 bytes){{$}}
// ALL-NOT: storing all
