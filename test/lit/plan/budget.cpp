// budget B: the policy recomputing least whose peak fits in B, given the
// bytes of one state; if not even recompute fits, recompute, flagged.
// 32 states of 0.25 GiB in 3 GiB (12 states): binomial 11 (12 held, F(32,
// 11) = 21 recomputed, run online) beats every 4 (11 held, 24 recomputed)
// and every 3 (13 held, too many).
// RUN: adgen plan --steps 32 --budget 3GiB --bytes 268435456 | FileCheck %s --check-prefix=FITS --match-full-lines
// FITS:      policy             budget 3 GiB -> binomial 11
// FITS-NEXT: steps              32
// FITS-NEXT: snapshots          11
// FITS-NEXT: peak states held   12
// FITS-NEXT: recomputed steps   21
// FITS:      budget             3 GiB (3221225472 bytes): fits
// Enough for everything: all.
// RUN: adgen plan --steps 32 --budget 8GiB --bytes 256MiB | FileCheck %s --check-prefix=ALL
// ALL: policy             budget 8 GiB -> all{{$}}
// ALL: recomputed steps   0{{$}}
// 5 states: binomial 4.
// RUN: adgen plan --steps 32 --budget 1.25GiB --bytes 256MiB | FileCheck %s --check-prefix=TIGHT
// TIGHT: policy             budget 1.25 GiB -> binomial 4{{$}}
// TIGHT: peak states held   5{{$}}
// TIGHT: recomputed steps   46{{$}}
// 1 state: over budget, runs recompute anyway (exit 0, it is a plan).
// RUN: adgen plan --steps 32 --budget 256MiB --bytes 256MiB | FileCheck %s --check-prefix=OVER
// OVER: policy             budget 0.25 GiB -> recompute (over budget)
// OVER: peak states held   2{{$}}
// OVER: recomputed steps   496{{$}}
// OVER: budget             0.25 GiB (268435456 bytes): OVER BUDGET, not even recompute fits (it needs 0.5 GiB)
