// Bad usage exits with status 2 (SPEC §1), with a message, and writes nothing.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
//
// No input at all.
// RUN: sh -c 'adgen 2>%t.dir/e1; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=NOINPUT < %t.dir/e1
// NOINPUT: adgen: error: no input file
//
// Unknown option.
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --frobnicate 2>%t.dir/e2; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.dir/e2
// UNKNOWN: adgen: error: unknown option '--frobnicate'
//
// Bad --emit value.
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --emit=bogus 2>%t.dir/e3; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=EMIT < %t.dir/e3
// EMIT: adgen: error: --emit takes code, wengert or stats
//
// Bad --checkpoint values.
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --checkpoint=sometimes 2>%t.dir/e4; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=CKPT < %t.dir/e4
// CKPT: adgen: error: bad checkpoint policy 'sometimes'
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --checkpoint=every 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --checkpoint=binomial 2>/dev/null; test $? -eq 2'
//
// Bad --target value.
// RUN: sh -c 'adgen %s -o %t.dir/out.cpp --target=fortran 2>%t.dir/e5; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=TARGET < %t.dir/e5
// TARGET: adgen: error: --target takes cpp or cuda
//
// Missing -o, and -o without its argument.
// RUN: sh -c 'adgen %s 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen %s -o 2>/dev/null; test $? -eq 2'
//
// Two inputs.
// RUN: sh -c 'adgen %s %s -o %t.dir/out.cpp 2>/dev/null; test $? -eq 2'
//
// None of these wrote anything.
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=LS --match-full-lines
// LS: e1
// LS-NEXT: e2
// LS-NEXT: e3
// LS-NEXT: e4
// LS-NEXT: e5
// LS-NOT: {{.}}
//
// And nothing was printed to stdout.
// RUN: not adgen %s -o - --emit=bogus 2>/dev/null | count 0

#pragma adgen jvp
double f(double x) { return x * x; }
