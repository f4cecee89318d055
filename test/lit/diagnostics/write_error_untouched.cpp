// A run that fails because one of its outputs cannot be written leaves the
// other output exactly as it was too (SPEC §1: "On any error the output file
// is left exactly as it was"): --header FILE is an output of the same run.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo keep > %t.dir/out.cpp
// RUN: echo keep > %t.dir/out.h
//
// Header cannot be written: the code output is untouched.
// RUN: not adgen %s -o %t.dir/out.cpp --header %t.dir/missing/out.h 2>&1 | FileCheck %s --check-prefix=HDR
// HDR: error: cannot write '{{.*}}missing/out.h'
// RUN: echo keep | diff - %t.dir/out.cpp
//
// Code output cannot be written: the header is untouched.
// RUN: not adgen %s -o %t.dir/missing/out.cpp --header %t.dir/out.h 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: error: cannot write '{{.*}}missing/out.cpp'
// RUN: echo keep | diff - %t.dir/out.h
//
// RUN: ls -A %t.dir | FileCheck --check-prefix=LS --match-full-lines %s
// LS: out.cpp
// LS-NEXT: out.h
// LS-NOT: {{.}}

#pragma adgen jvp
double f(double x) { return x * x; }
