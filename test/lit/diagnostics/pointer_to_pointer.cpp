// A `double***` parameter is named with its own type (a `double**` was shown as
// 'double *'), with a flat-array hint.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
// CHECK: {{.*}}pointer_to_pointer.cpp:[[@LINE+4]]:20: error: parameter 'm' of type 'double ***' (pointers beyond rows of scalars) is not supported by adgen
// CHECK-NEXT: double f(double ***m, int n) {
// CHECK-NEXT: {{^ *\| *~*\^}}
// CHECK-NEXT: {{.*}}pointer_to_pointer.cpp:[[@LINE+1]]:20: note: hint: pass 2-D data as rows of scalars ('double **m', indexed m[i][j]) or as one flat array ('double *m', indexed m[i * n + j])
double f(double ***m, int n) {
  return m[0][0][0] * n;
}
// CHECK: 1 error generated.
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
