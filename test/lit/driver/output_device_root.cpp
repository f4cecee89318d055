// As root, the temporary-then-rename write could replace any file, a device
// included: adgen writes through to a character device instead. Tested on a
// device node of our own (the same as /dev/null: char 1,3), so that a
// regression cannot replace the machine's /dev/null.
// REQUIRES: root
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: mknod %t.dir/null c 1 3
// RUN: adgen %s -o %t.dir/null --header %t.dir/null
// RUN: test -c %t.dir/null
// RUN: adgen %s -o %t.dir/null --emit=wengert
// RUN: test -c %t.dir/null
// RUN: ls -A %t.dir | FileCheck %s --match-full-lines
// CHECK: null
// CHECK-NOT: {{.}}

#pragma adgen jvp
double sq(double x) { return x * x; }
