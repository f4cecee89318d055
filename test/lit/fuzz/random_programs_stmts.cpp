// Random programs with the opt-in statement constructs (seed 5,
// `--with range-for,switch`): 100 functions from test/fuzz/gen_programs.py
// with switches (fall-through, default, break; inside loops, under
// checkpoint directives) and range-based for loops over local arrays (by
// value, by const reference, writing through a reference), checked like
// random_programs_1.cpp: f_jvp and f_grad against finite differences, the
// dot-product test, accumulation and the primal's values. A failure prints
// the `gen_programs.py --seed 5 --only K --with range-for,switch` line that
// reproduces it.
//
// RUN: python3 %src_root/test/fuzz/gen_programs.py --seed 5 --count 100 --with switch,range-for > %t.cpp
// RUN: adgen %t.cpp -o %t.d.cpp
// RUN: %cxx -Wno-error -c %t.d.cpp -o %t.d.o 2> %t.warnings
// RUN: %cxx -Wno-unknown-pragmas -DADGEN_DRIVER -c %t.cpp -o %t.o
// RUN: %cxx %t.o %t.d.o -o %t.exe
// RUN: %t.exe
// The generated code compiles warning-free under %cxx (-Wall -Wextra).
// RUN: not grep -m 10 -A 3 "warning:" %t.warnings
