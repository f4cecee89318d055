// An output that is the input is a usage error (exit 2) and nothing is
// written: compared by device and inode, so `./x`, a symlink or a hard link
// to the input count too, for -o and for --header. The source survives.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/in.cpp
// RUN: cp %s %t.dir/orig.cpp
// RUN: cd %t.dir && sh -c 'adgen in.cpp -o in.cpp 2>e1; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=SAME < %t.dir/e1
// SAME: adgen: error: output file 'in.cpp' is the input file 'in.cpp'; nothing written
// SAME-NEXT: hint: name another output file
// RUN: cd %t.dir && sh -c 'adgen in.cpp -o ./in.cpp 2>/dev/null; test $? -eq 2'
// RUN: cd %t.dir && sh -c 'adgen ./in.cpp -o %t.dir/in.cpp 2>/dev/null; test $? -eq 2'
// RUN: cd %t.dir && sh -c 'adgen in.cpp -o out.cpp --header in.cpp 2>/dev/null; test $? -eq 2'
// RUN: cd %t.dir && ln -s in.cpp link.cpp && sh -c 'adgen in.cpp -o link.cpp 2>/dev/null; test $? -eq 2'
// RUN: cd %t.dir && ln in.cpp hard.cpp && sh -c 'adgen in.cpp -o hard.cpp 2>/dev/null; test $? -eq 2'
// RUN: cd %t.dir && sh -c 'adgen link.cpp -o in.cpp 2>/dev/null; test $? -eq 2'
// RUN: cmp %t.dir/in.cpp %t.dir/orig.cpp
// RUN: test -L %t.dir/link.cpp
//
// The output and the header may not be one file either.
// RUN: cd %t.dir && sh -c 'adgen in.cpp -o o.cpp --header o.cpp 2>e2; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=BOTH < %t.dir/e2
// BOTH: adgen: error: the output 'o.cpp' and the header 'o.cpp' are the same file
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
// LS: e1
// LS-NEXT: e2
// LS-NEXT: hard.cpp
// LS-NEXT: in.cpp
// LS-NEXT: link.cpp
// LS-NEXT: orig.cpp
// LS-NOT: {{.}}

#pragma adgen jvp
double sq(double x) { return x * x; }
