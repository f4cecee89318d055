// A missing input file is an error (non-zero exit) naming the file; no crash,
// and an existing output is left alone.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && echo keep > %t.dir/out.cpp
// RUN: not adgen %t.dir/no-such-file.cpp -o %t.dir/out.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// CHECK: error: {{.*}}no-such-file.cpp
// RUN: echo keep | diff - %t.dir/out.cpp
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
// LS: out.cpp
// LS-NOT: {{.}}
