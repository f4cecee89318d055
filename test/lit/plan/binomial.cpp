// binomial C: at most C snapshots, C + 1 states held, and Revolve's optimum
// t(n, C) = r n - C(C + r, C + 1) recomputed (r the least with
// C(C + r, C) >= n). binomial 1 is recompute.
// n = 16, C = 3: r = 3, t = 48 - C(6, 4) = 33.
// RUN: adgen plan --steps 16 --binomial 3 | FileCheck %s --check-prefix=B3 --match-full-lines
// B3:      policy             binomial 3
// B3-NEXT: steps              16
// B3-NEXT: snapshots          3
// B3-NEXT: peak states held   4
// B3-NEXT: recomputed steps   33
// B3-NEXT: recomputation      2.06 forward passes
// n = 16, C = 1: 120, as recompute.
// RUN: adgen plan --steps 16 --binomial 1 | FileCheck %s --check-prefix=B1
// B1: peak states held   2{{$}}
// B1: recomputed steps   120{{$}}
// n = 10,000, C = 10: r = 7, t = 70000 - C(17, 11) = 57624.
// RUN: adgen plan --steps 10000 --binomial 10 | FileCheck %s --check-prefix=B10
// B10:      snapshots          10{{$}}
// B10-NEXT: peak states held   11{{$}}
// B10-NEXT: recomputed steps   57624{{$}}
// More snapshots than steps: every state kept once reached, n - 1 recomputed.
// RUN: adgen plan --steps 5 --binomial 100 | FileCheck %s --check-prefix=BIG
// BIG:      snapshots          5{{$}}
// BIG-NEXT: peak states held   5{{$}}
// BIG-NEXT: recomputed steps   4{{$}}
