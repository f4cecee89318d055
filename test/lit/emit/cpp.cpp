// The generated code of a small annotated file (scalars, pointers in and out,
// loops, branches, math functions, a helper call, float) compiles warning-free
// as C++ when written to .cpp, at -O1 (%cxx) and with stricter warnings.
// RUN: adgen %S/Inputs/mixed.cpp -o %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: %cxx -O0 -Wpedantic -Wshadow -c %t.cpp -o %t.o
// RUN: %cxx -O2 -Wpedantic -Wshadow -c %t.cpp -o %t.o
// Also as C++20.
// RUN: %cxx -std=c++20 -c %t.cpp -o %t.o
// And with clang++ (the LLVM tools dir is first on PATH), -Wall -Wextra.
// RUN: clang++ -std=c++17 -Wall -Wextra -Werror -I %runtime_include -c %t.cpp -o %t.o
// The CUDA flavour is still valid C++ for a host compiler (ADGEN_HD empty).
// RUN: adgen %S/Inputs/mixed.cpp -o %t.cu
// RUN: %cxx -x c++ -c %t.cu -o %t.o
