// The output file (and the header) is written atomically: a temporary beside
// it, renamed over it. An existing file is replaced (new inode), and no
// *.adgen-tmp or other temporary is left.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo old > %t.dir/out.cpp
// RUN: echo old > %t.dir/out.h
// RUN: ls -i %t.dir/out.cpp | cut -d' ' -f1 > %t.ino.before
// RUN: adgen %s -o %t.dir/out.cpp --header %t.dir/out.h
// RUN: ls -i %t.dir/out.cpp | cut -d' ' -f1 > %t.ino.after
// RUN: not cmp -s %t.ino.before %t.ino.after
// RUN: FileCheck %s < %t.dir/out.cpp
// RUN: FileCheck %s < %t.dir/out.h
// CHECK: sq_jvp(
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
// LS: out.cpp
// LS-NEXT: out.h
// LS-NOT: {{.}}
//
// Same for --emit=stats and --emit=wengert written to a file.
// RUN: adgen %s -o %t.dir/out.cpp --emit=stats
// RUN: adgen %s -o %t.dir/out.cpp --emit=wengert
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
//
// A second run over the file gives the same bytes (deterministic output).
// RUN: adgen %s -o %t.dir/out.cpp
// RUN: adgen %s -o %t.dir/again.cpp
// RUN: cmp %t.dir/out.cpp %t.dir/again.cpp

#pragma adgen jvp
double sq(double x) { return x * x; }
