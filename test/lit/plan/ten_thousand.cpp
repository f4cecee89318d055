// SPEC §3, n = 10,000: every 100 holds 199 and recomputes 9,900, 0.99 of a
// forward pass; auto chooses the same period.
// RUN: adgen plan --steps 10000 --every 100 | FileCheck %s --match-full-lines
// RUN: adgen plan --steps 10000 --auto | FileCheck %s --check-prefix=AUTO
// CHECK:      policy             every 100
// CHECK-NEXT: steps              10000
// CHECK-NEXT: snapshots          100
// CHECK-NEXT: peak states held   199
// CHECK-NEXT: recomputed steps   9900
// CHECK-NEXT: recomputation      0.99 of a forward pass
// AUTO: policy             auto (every 100)
// AUTO: peak states held   199{{$}}
// AUTO: recomputed steps   9900{{$}}
