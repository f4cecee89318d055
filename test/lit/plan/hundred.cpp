// SPEC §3, n = 100: every s for s = 2, 5, 10, 20, 50 holds 51, 24, 19, 24, 51
// (the seeds' M(s) = ceil(n/s) + s - 1), and recomputes n - ceil(n/s).
// RUN: adgen plan --steps 100 --every 2  | FileCheck %s --check-prefix=S2
// RUN: adgen plan --steps 100 --every 5  | FileCheck %s --check-prefix=S5
// RUN: adgen plan --steps 100 --every 10 | FileCheck %s --check-prefix=S10
// RUN: adgen plan --steps 100 --every 20 | FileCheck %s --check-prefix=S20
// RUN: adgen plan --steps 100 --every 50 | FileCheck %s --check-prefix=S50
// RUN: adgen plan --steps 100 --auto     | FileCheck %s --check-prefix=S10
// S2:      snapshots          50{{$}}
// S2-NEXT: peak states held   51{{$}}
// S2-NEXT: recomputed steps   50{{$}}
// S5:      snapshots          20{{$}}
// S5-NEXT: peak states held   24{{$}}
// S5-NEXT: recomputed steps   80{{$}}
// S10:      snapshots          10{{$}}
// S10-NEXT: peak states held   19{{$}}
// S10-NEXT: recomputed steps   90{{$}}
// S20:      snapshots          5{{$}}
// S20-NEXT: peak states held   24{{$}}
// S20-NEXT: recomputed steps   95{{$}}
// S50:      snapshots          2{{$}}
// S50-NEXT: peak states held   51{{$}}
// S50-NEXT: recomputed steps   98{{$}}
