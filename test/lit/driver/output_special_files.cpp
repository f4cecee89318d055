// Outputs that are not regular files: devices, FIFOs and descriptors are
// written through (never replaced); a symlink is followed and its target
// replaced atomically, the link staying a link.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
//
// -o /dev/null discards the output, whoever runs it, and /dev/null stays a
// character device.
// RUN: adgen %s -o /dev/null --header /dev/null
// RUN: test -c /dev/null
// RUN: adgen %s -o /dev/null --emit=stats
//
// A FIFO gets the text; it stays a FIFO.
// RUN: mkfifo %t.dir/fifo
// RUN: sh -c 'cat %t.dir/fifo > %t.dir/from_fifo & adgen %s -o %t.dir/fifo; wait'
// RUN: test -p %t.dir/fifo
// RUN: FileCheck %s --check-prefix=CODE < %t.dir/from_fifo
// CODE: double sq_jvp(
//
// /proc/self/fd/N and /dev/stdout write to the descriptor.
// RUN: adgen %s -o /proc/self/fd/1 | FileCheck %s --check-prefix=CODE
// RUN: adgen %s -o /dev/stdout | FileCheck %s --check-prefix=CODE
// RUN: sh -c 'adgen %s -o /proc/self/fd/3 3>%t.dir/fd3'
// RUN: FileCheck %s --check-prefix=CODE < %t.dir/fd3
//
// A symlink: the target is replaced (new inode), the link kept; a dangling
// link creates its target. The target keeps its permissions.
// RUN: echo old > %t.dir/target.cpp && chmod 640 %t.dir/target.cpp
// RUN: ln -s target.cpp %t.dir/link.cpp && ln -s new.cpp %t.dir/dangling.cpp
// RUN: adgen %s -o %t.dir/link.cpp
// RUN: adgen %s -o %t.dir/dangling.cpp
// RUN: test -L %t.dir/link.cpp && test -L %t.dir/dangling.cpp
// RUN: FileCheck %s --check-prefix=CODE < %t.dir/target.cpp
// RUN: FileCheck %s --check-prefix=CODE < %t.dir/new.cpp
// RUN: stat -c %%a %t.dir/target.cpp | FileCheck %s --check-prefix=MODE
// MODE: 640
//
// A directory is an error that writes nothing.
// RUN: mkdir %t.dir/sub
// RUN: not adgen %s -o %t.dir/sub 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: adgen: error: cannot write '{{.*}}sub': Is a directory
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
// LS: dangling.cpp
// LS-NEXT: fd3
// LS-NEXT: fifo
// LS-NEXT: from_fifo
// LS-NEXT: link.cpp
// LS-NEXT: new.cpp
// LS-NEXT: sub
// LS-NEXT: target.cpp
// LS-NOT: {{.}}

#pragma adgen jvp
double sq(double x) { return x * x; }
