// Bad usage of `adgen plan` exits with status 2 and a message on stderr,
// printing nothing on stdout.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sh -c 'adgen plan --every 4 >%t.dir/o1 2>%t.dir/e1; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=STEPS < %t.dir/e1
// RUN: count 0 < %t.dir/o1
// STEPS: adgen plan: error: --steps N is required
// STEPS-NEXT: Try 'adgen plan --help'.
// RUN: sh -c 'adgen plan --steps 16 2>%t.dir/e2; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=NOPOLICY < %t.dir/e2
// NOPOLICY: adgen plan: error: no policy
// RUN: sh -c 'adgen plan --steps 16 --every 4 --auto 2>%t.dir/e3; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=TWO < %t.dir/e3
// TWO: adgen plan: error: two policies (--every and --auto); give exactly one
// RUN: sh -c 'adgen plan --steps 16 --every 0 2>%t.dir/e4; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=ZERO < %t.dir/e4
// ZERO: adgen plan: error: --every takes a period S >= 1 (got '0')
// RUN: sh -c 'adgen plan --steps sixteen --all 2>%t.dir/e5; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=NSTEPS < %t.dir/e5
// NSTEPS: adgen plan: error: --steps takes a number of iterations, 0 to 2147483647 (got 'sixteen')
// RUN: sh -c 'adgen plan --steps 16 --budget 1GiB 2>%t.dir/e6; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=BUDGET < %t.dir/e6
// BUDGET: adgen plan: error: --budget needs --bytes B, the size of one state
// RUN: sh -c 'adgen plan --steps 16 --all --bytes 2Q 2>%t.dir/e7; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=BYTES < %t.dir/e7
// BYTES: adgen plan: error: --bytes takes the bytes in one state
// RUN: sh -c 'adgen plan --steps 16 --all --frobnicate 2>%t.dir/e8; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.dir/e8
// UNKNOWN: adgen plan: error: unknown option '--frobnicate'
// RUN: sh -c 'adgen plan --steps 16 --binomial 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen plan --steps 16 --all --svg 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen plan --steps 16 --all stray 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen plan 2>/dev/null; test $? -eq 2'
// RUN: not adgen plan --steps 16 --every 2>/dev/null | count 0
