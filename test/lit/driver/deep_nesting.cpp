// Deeply nested input does not crash adgen (issue 9): clang's parser and
// adgen's walks recurse once per level, more than a main thread's 8 MB stack
// holds, so adgen runs on a thread with a large stack. 2,000 parentheses,
// 5,000 unary minuses and a sum of 5,000 terms give the right derivatives.
// RUN: python3 %S/Inputs/deep_nesting.py 5000 > %t.cpp
// RUN: adgen %t.cpp -o %t.d.cpp
// RUN: %cxx -c %t.d.cpp -o %t.d.o
// RUN: %cxx -Wno-unknown-pragmas -DADGEN_DRIVER -DNTERMS=5000 -c %t.cpp -o %t.o
// RUN: %cxx %t.o %t.d.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// CHECK: ok
//
// A crash that is left is an internal error naming the input, exit 1, the
// output untouched (clang's `#pragma clang __debug crash` traps on purpose).
// RUN: echo old > %t.out
// RUN: printf '#pragma clang __debug crash\n#pragma adgen jvp\ndouble sq(double x) { return x * x; }\n' > %t.crash.cpp
// RUN: sh -c 'adgen %t.crash.cpp -o %t.out 2>%t.err; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=CRASH < %t.err
// CRASH: adgen: internal error: crashed (SIGILL) while processing '{{.*}}crash.cpp'; no output was written
// RUN: echo old | cmp - %t.out
