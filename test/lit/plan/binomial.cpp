// binomial C: at most C snapshots, C + 1 states held, and Revolve's optimum
// run online recomputed: F(n, C) = t(n, C) - n + r' (SPEC §3), with
// t(n, C) = r n - C(C + r, C + 1) (r the least with C(C + r, C) >= n) what a
// forward sweep keeping only a_0 would cost, and r' the least with
// C(C + r', C) > n. binomial 1 is recompute.
// n = 16, C = 3: r = r' = 3, t = 48 - C(6, 4) = 33, F = 33 - 16 + 3 = 20.
// RUN: adgen plan --steps 16 --binomial 3 | FileCheck %s --check-prefix=B3 --match-full-lines
// B3:      policy             binomial 3
// B3-NEXT: steps              16
// B3-NEXT: snapshots          3
// B3-NEXT: peak states held   4
// B3-NEXT: recomputed steps   20
// B3-NEXT: recomputation      1.25 forward passes
// n = 16, C = 1: 120, as recompute.
// RUN: adgen plan --steps 16 --binomial 1 | FileCheck %s --check-prefix=B1
// B1: peak states held   2{{$}}
// B1: recomputed steps   120{{$}}
// n = 10,000, C = 10: r = 7, t = 70000 - C(17, 11) = 57624,
// F = 57624 - 10000 + 7 = 47631.
// RUN: adgen plan --steps 10000 --binomial 10 | FileCheck %s --check-prefix=B10
// B10:      snapshots          10{{$}}
// B10-NEXT: peak states held   11{{$}}
// B10-NEXT: recomputed steps   47631{{$}}
// SPEC §3's: F(1000, 10) = 2640 (t = 3636), F(50, 3) = 135.
// RUN: adgen plan --steps 1000 --binomial 10 | FileCheck %s --check-prefix=K10
// K10: recomputed steps   2640{{$}}
// RUN: adgen plan --steps 50 --binomial 3 | FileCheck %s --check-prefix=K3
// K3: recomputed steps   135{{$}}
// More snapshots than steps: the forward sweep keeps every state, nothing is
// recomputed.
// RUN: adgen plan --steps 5 --binomial 100 | FileCheck %s --check-prefix=BIG
// BIG:      snapshots          5{{$}}
// BIG-NEXT: peak states held   5{{$}}
// BIG-NEXT: recomputed steps   0{{$}}
