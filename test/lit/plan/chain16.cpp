// SPEC §3, chain of 16: all holds 16 and recomputes 0; every 4 holds 7
// (4 snapshots + 3 recomputed) and recomputes 12; recompute holds 2 and
// recomputes 0 + 1 + ... + 15 = 120.
// RUN: adgen plan --steps 16 --all | FileCheck %s --check-prefix=ALL --match-full-lines
// ALL:      policy             all
// ALL-NEXT: steps              16
// ALL-NEXT: snapshots          16
// ALL-NEXT: peak states held   16
// ALL-NEXT: recomputed steps   0
// ALL-NEXT: recomputation      0.00 of a forward pass
// ALL-NOT:  {{.}}
//
// RUN: adgen plan --steps 16 --every 4 | FileCheck %s --check-prefix=EVERY4 --match-full-lines
// EVERY4:      policy             every 4
// EVERY4-NEXT: steps              16
// EVERY4-NEXT: snapshots          4
// EVERY4-NEXT: peak states held   7
// EVERY4-NEXT: recomputed steps   12
// EVERY4-NEXT: recomputation      0.75 of a forward pass
// EVERY4-NOT:  {{.}}
//
// RUN: adgen plan --steps 16 --recompute | FileCheck %s --check-prefix=RECOMPUTE --match-full-lines
// RECOMPUTE:      policy             recompute
// RECOMPUTE-NEXT: steps              16
// RECOMPUTE-NEXT: snapshots          1
// RECOMPUTE-NEXT: peak states held   2
// RECOMPUTE-NEXT: recomputed steps   120
// RECOMPUTE-NEXT: recomputation      7.50 forward passes
//
// The seed's remark: s = 2 and s = 8 both hold 9, more than s = 4.
// RUN: adgen plan --steps 16 --every 2 | FileCheck %s --check-prefix=NINE
// RUN: adgen plan --steps 16 --every 8 | FileCheck %s --check-prefix=NINE
// NINE: peak states held   9{{$}}
//
// auto picks s = round(sqrt(16)) = 4.
// RUN: adgen plan --steps 16 --auto | FileCheck %s --check-prefix=AUTO
// AUTO:      policy             auto (every 4)
// AUTO:      peak states held   7{{$}}
// AUTO-NEXT: recomputed steps   12{{$}}
