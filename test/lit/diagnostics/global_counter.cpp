// A global counter (++calls;) is kept only while nothing in the
// differentiated functions reads its value, and not in a checkpointed loop
// (a re-run would count again): test/lit/cxx/global_counters.cpp.
// RUN: echo keep > %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not="Stack dump"
// RUN: grep -qx keep %t.cpp

int calls = 0;

#pragma adgen jvp grad
double f(double x) {
  ++calls;
  // CHECK: global_counter.cpp:[[@LINE+2]]:14: error: reading and counting up global 'calls' in the differentiated functions is not supported by adgen
  // CHECK: note: hint: keep 'calls' write-only there (++calls;), or pass it as a parameter
  return x * calls;
}

#pragma adgen grad
double g(double x) {
  double s = 0;
#pragma adgen checkpoint(every 2)
  for (int i = 0; i < 4; ++i) {
    s += x * i;
    // CHECK: global_counter.cpp:[[@LINE+1]]:7: error: write to global variable 'calls' inside a checkpointed loop
    ++calls;
  }
  return s;
}
