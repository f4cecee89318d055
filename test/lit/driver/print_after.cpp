// --print-after=PASS|all prints the IR after a pass to stderr, under a
// header naming the pass and the function; the passes of each mode in order
// (driver/Passes.cpp). It and --verify-each change no output.
// RUN: adgen %s -o %t.cpp --print-after=all 2>%t.all
// RUN: grep '^\*\*\*' %t.all | FileCheck %s --check-prefix=ALL
// ALL:      *** IR after lower (f) ***
// ALL-NEXT: *** IR after lower (sq) ***
// ALL-NEXT: *** IR after clone (f) ***
// ALL-NEXT: *** IR after inline (f) ***
// ALL-NEXT: *** IR after structure (f) ***
// ALL-NEXT: *** IR after conditions (f) ***
// ALL-NEXT: *** IR after hoist (f) ***
// ALL-NEXT: *** IR after activity (f) ***
// ALL-NEXT: *** IR after to-be-recorded (f) ***
// ALL-NEXT: *** IR after checkpoint-plan (f) ***
// ALL-NEXT: *** IR after adjoint-storage (f_grad) ***
// ALL-NEXT: *** IR after forward-sweep (f_grad) ***
// ALL-NEXT: *** IR after backward-sweep (f_grad) ***
// ALL-NEXT: *** IR after value-numbering (f_grad) ***
// ALL-NEXT: *** IR after fuse-loops (f_grad) ***
// ALL-NEXT: *** IR after forward-order (f_grad) ***
// ALL-NEXT: *** IR after dead-code (f_grad) ***
// ALL-NEXT: *** IR after tangent (f_jvp) ***
// ALL-NEXT: *** IR after dead-code (f_jvp) ***
// ALL-NOT:  ***
//
// One pass: f with sq inlined, its break not yet structured.
// RUN: adgen %s -o %t.one.cpp --print-after=inline 2>&1 | FileCheck %s --check-prefix=INLINE --implicit-check-not='***'
// INLINE:      *** IR after inline (f) ***
// INLINE-NEXT: wengert f(double x, int n) -> double {
// INLINE-NEXT:   s = 0.0
// INLINE-NEXT:   i = 0
// INLINE-NEXT:   loop for {
// INLINE-NEXT:     cond:
// INLINE-NEXT:       while i < n
// INLINE-NEXT:     body:
// INLINE-NEXT:       if s > 4.0 {
// INLINE-NEXT:         break
// INLINE-NEXT:       }
// INLINE-NEXT:       sq_v = x
// INLINE-NEXT:       sq_result = sq_v * sq_v
// INLINE-NEXT:       s = s + sq_result
// INLINE-NEXT:     step:
// INLINE-NEXT:       i = i + 1
// INLINE-NEXT:   }
// INLINE-NEXT:   return s
// INLINE-NEXT: }
//
// A list, and --verify-each: the generated code is the same as without.
// RUN: adgen %s -o %t.plain.cpp
// RUN: adgen %s -o %t.list.cpp --verify-each --print-after=structure,dead-code 2>%t.list
// RUN: diff %t.plain.cpp %t.list.cpp
// RUN: diff %t.plain.cpp %t.cpp
// RUN: grep -c '^\*\*\*' %t.list | FileCheck %s --check-prefix=LIST
// LIST: 3
// The dumps go to stderr, not into a dump on stdout.
// RUN: adgen %s --emit=wengert --print-after=all 2>/dev/null | FileCheck %s --check-prefix=STDOUT
// STDOUT-NOT: ***
// STDOUT:     wengert f(
//
// An unknown pass is bad usage.
// RUN: sh -c 'adgen %s -o %t.bad.cpp --print-after=inline,nosuch 2>%t.bad; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=BAD < %t.bad
// BAD: adgen: error: --print-after takes 'all' or pass names separated by commas: lower, clone, inline, structure, conditions, hoist, activity, to-be-recorded, checkpoint-plan, adjoint-storage, forward-sweep, backward-sweep, value-numbering, fuse-loops, forward-order, dead-code, tangent

double sq(double v) { return v * v; }

#pragma adgen grad jvp
double f(double x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (s > 4)
      break;
    s += sq(x);
  }
  return s;
}
