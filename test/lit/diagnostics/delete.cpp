// delete of memory the function did not allocate (a parameter) is refused:
// only its own scratch arrays may be released (test/lit/cxx/heap_scratch.cpp).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp(x)
double f(double x, double* p) {
  // CHECK: {{.*}}delete.cpp:[[@LINE+4]]:3: error: 'delete p' releases memory adgen did not see allocated here
  // CHECK-NEXT: delete p;
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: {{.*}}delete.cpp:[[@LINE+1]]:3: note: hint: release only the scratch arrays this function allocates ('delete[] p' or 'free(p)' of 'p = new T[n]' / 'malloc')
  delete p;
  return x * x;
}
// CHECK: 1 error generated.
