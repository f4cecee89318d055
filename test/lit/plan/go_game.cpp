// SPEC §3, n = 60 (replaying a game of Go backwards): every 6 holds 15 and
// recomputes 50; every 20 holds 22 and recomputes 57; recompute (only the
// empty board kept) recomputes 0 + 1 + ... + 59 = 1,770; all holds 60.
// RUN: adgen plan --steps 60 --every 6 | FileCheck %s --check-prefix=S6
// S6:      snapshots          10{{$}}
// S6-NEXT: peak states held   15{{$}}
// S6-NEXT: recomputed steps   50{{$}}
// RUN: adgen plan --steps 60 --every 20 | FileCheck %s --check-prefix=S20
// S20:      snapshots          3{{$}}
// S20-NEXT: peak states held   22{{$}}
// S20-NEXT: recomputed steps   57{{$}}
// RUN: adgen plan --steps 60 --recompute | FileCheck %s --check-prefix=RC
// RC:      peak states held   2{{$}}
// RC-NEXT: recomputed steps   1770{{$}}
// RUN: adgen plan --steps 60 --all | FileCheck %s --check-prefix=ALL
// ALL:      snapshots          60{{$}}
// ALL-NEXT: peak states held   60{{$}}
// ALL-NEXT: recomputed steps   0{{$}}
