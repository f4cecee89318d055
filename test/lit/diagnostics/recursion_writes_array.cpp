// A recursive function that writes through a pointer parameter is refused
// at its recursive call (the call's aliasing checks could not see its whole
// body), and nothing is written.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

void fill(double *out, double x, int n) {
  if (n == 0)
    return;
  out[n - 1] = x;
  // CHECK: {{.*}}recursion_writes_array.cpp:[[@LINE+4]]:3: error: recursive function 'fill' writes through its pointer parameter 'out'
  // CHECK-NEXT: fill(out, x * x, n - 1);
  // CHECK-NEXT: {{^ *\| *\^}}
  // CHECK-NEXT: {{.*}}recursion_writes_array.cpp:[[@LINE+1]]:3: note: hint: a recursive function adgen differentiates returns what it computes: return the value, or write the recursion as a loop
  fill(out, x * x, n - 1);
}

#pragma adgen jvp(x)
double f(double x) {
  double o[3];
  fill(o, x, 3);
  return o[0] + o[1] + o[2];
}
// CHECK: 1 error generated.
