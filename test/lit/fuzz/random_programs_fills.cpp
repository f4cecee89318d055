// Random programs with whole-array fills (seed 5, `--with fills --avoid
// adgen-gaps`): 125 functions from test/fuzz/gen_programs.py in which local
// arrays are filled whole by one loop (h[i] = f(x[i % n] - 0.5 * y[...]),
// f tanh, exp or nothing), mostly inside a loop that reads the old h in a
// nested loop first, as an RNN step does: the arrays reverse mode rebuilds
// (adjoint/snapshot_rebuild.cpp) or reads back from the next iteration's
// entry copy (adjoint/next_entry.cpp). Checked like random_programs_1.cpp
// (finite differences, the dot-product test, accumulation, the primal's
// values). A failure prints the `gen_programs.py --seed 5 --only K --avoid
// adgen-gaps --with fills` line that reproduces it.
//
// RUN: python3 %src_root/test/fuzz/gen_programs.py --seed 5 --count 125 --with fills --avoid adgen-gaps > %t.cpp
// RUN: adgen %t.cpp -o %t.d.cpp
// Some entry copies are read back as the previous iteration's values.
// RUN: grep -q "as this iteration ended" %t.d.cpp
// RUN: %cxx -Wno-error -c %t.d.cpp -o %t.d.o 2> %t.warnings
// RUN: %cxx -Wno-unknown-pragmas -DADGEN_DRIVER -c %t.cpp -o %t.o
// RUN: %cxx %t.o %t.d.o -o %t.exe
// RUN: %t.exe
// The generated code compiles warning-free under %cxx (-Wall -Wextra).
// RUN: not grep -m 10 -A 3 "warning:" %t.warnings
