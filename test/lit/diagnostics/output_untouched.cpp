// On any error the output file is left exactly as it was (SPEC §1: write a
// temporary file, then rename), and no temporary file is left beside it.
//
// An existing output (and header) survives a failed run byte for byte.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo keep > %t.dir/out.cpp
// RUN: echo keep-header > %t.dir/out.h
// RUN: cp %t.dir/out.cpp %t.dir/orig.cpp.txt
// RUN: cp %t.dir/out.h %t.dir/orig.h.txt
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --header %t.dir/out.h 2>/dev/null; test $? -eq 1'
// RUN: cmp %t.dir/orig.cpp.txt %t.dir/out.cpp
// RUN: cmp %t.dir/orig.h.txt %t.dir/out.h
// RUN: echo keep | diff - %t.dir/out.cpp
//
// The same after a failed --emit=stats / --emit=wengert run to a file.
// RUN: not adgen %s --emit=stats -o %t.dir/out.cpp
// RUN: cmp %t.dir/orig.cpp.txt %t.dir/out.cpp
// RUN: not adgen %s --emit=wengert -o %t.dir/out.cpp
// RUN: cmp %t.dir/orig.cpp.txt %t.dir/out.cpp
//
// ... and after a usage error (exit 2).
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --emit=bogus 2>/dev/null; test $? -eq 2'
// RUN: cmp %t.dir/orig.cpp.txt %t.dir/out.cpp
//
// Nothing else appeared in the directory (no *.adgen-tmp or other temporary).
// RUN: ls -A %t.dir | FileCheck --check-prefix=LS --match-full-lines %s
// LS: orig.cpp.txt
// LS-NEXT: orig.h.txt
// LS-NEXT: out.cpp
// LS-NEXT: out.h
// LS-NOT: {{.}}
//
// A missing output stays missing, and leaves no temporary behind.
// RUN: rm -rf %t.new && mkdir -p %t.new
// RUN: not adgen %s -o %t.new/out.cpp --header %t.new/out.h
// RUN: ls -A %t.new | count 0

#pragma adgen jvp
double f(double x) {
  if (x > 0) goto done;
  x = x * 2;
done:
  return x;
}
