// Random programs, part 1 of 4 (seed 1): 125 functions in the accepted subset
// (SPEC section 5) from test/fuzz/gen_programs.py, each with
// `#pragma adgen jvp grad` (or a parameter list). The driver checks f_jvp
// and f_grad at random inputs against finite differences, the dot-product
// test <J v, w> = <v, J^T w>, the accumulation of adjoints and the primal's
// values; on a mismatch it prints the function's source, the inputs and both
// numbers, and the `gen_programs.py --seed 1 --only K` line that reproduces
// it alone. When adgen rejects the file, function fzK holds the line it
// names (`gen_programs.py --seed 1 --count 125 --only K` prints it). The
// long run over many seeds is scripts/fuzz.
//
// RUN: python3 %src_root/test/fuzz/gen_programs.py --seed 1 --count 125 > %t.cpp
// RUN: adgen %t.cpp -o %t.d.cpp
// Derivatives first (warnings kept for the last step), then the driver.
// RUN: %cxx -Wno-error -c %t.d.cpp -o %t.d.o 2> %t.warnings
// RUN: %cxx -Wno-unknown-pragmas -DADGEN_DRIVER -c %t.cpp -o %t.o
// RUN: %cxx %t.o %t.d.o -o %t.exe
// RUN: %t.exe
// The generated code compiles warning-free under %cxx (-Wall -Wextra).
// RUN: not grep -m 10 -A 3 "warning:" %t.warnings
