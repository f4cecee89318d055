// Loops of 0 and 1 iterations work under every policy: nothing (or one
// state) held, nothing recomputed.
// RUN: adgen plan --steps 0 --all        | FileCheck %s --check-prefix=ZERO
// RUN: adgen plan --steps 0 --every 4    | FileCheck %s --check-prefix=ZERO
// RUN: adgen plan --steps 0 --auto       | FileCheck %s --check-prefix=ZERO
// RUN: adgen plan --steps 0 --binomial 3 | FileCheck %s --check-prefix=ZERO
// RUN: adgen plan --steps 0 --recompute  | FileCheck %s --check-prefix=ZERO
// RUN: adgen plan --steps 0 --budget 1KiB --bytes 1KiB | FileCheck %s --check-prefix=ZERO
// ZERO:      snapshots          0{{$}}
// ZERO-NEXT: peak states held   0{{$}}
// ZERO-NEXT: recomputed steps   0{{$}}
// RUN: adgen plan --steps 1 --all        | FileCheck %s --check-prefix=ONE
// RUN: adgen plan --steps 1 --every 4    | FileCheck %s --check-prefix=ONE
// RUN: adgen plan --steps 1 --auto       | FileCheck %s --check-prefix=ONE
// RUN: adgen plan --steps 1 --binomial 3 | FileCheck %s --check-prefix=ONE
// RUN: adgen plan --steps 1 --recompute  | FileCheck %s --check-prefix=ONE
// ONE:      snapshots          1{{$}}
// ONE-NEXT: peak states held   1{{$}}
// ONE-NEXT: recomputed steps   0{{$}}
// A period longer than the loop re-runs the whole loop once: every 50 on 16
// keeps a0 and holds all 16 states while reversing.
// RUN: adgen plan --steps 16 --every 50 | FileCheck %s --check-prefix=LONG
// LONG:      snapshots          1{{$}}
// LONG-NEXT: peak states held   16{{$}}
// LONG-NEXT: recomputed steps   15{{$}}
// A period that does not divide n: ceil(17/4) + 4 - 1 = 8 held, 17 - 5 = 12 recomputed.
// RUN: adgen plan --steps 17 --every 4 | FileCheck %s --check-prefix=ODD
// ODD:      snapshots          5{{$}}
// ODD-NEXT: peak states held   8{{$}}
// ODD-NEXT: recomputed steps   12{{$}}
