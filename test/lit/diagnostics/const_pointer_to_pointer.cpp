// The hint for a 'const double ***' parameter keeps the const of the data.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: not test -e %t.cpp

#pragma adgen grad
// CHECK: {{.*}}const_pointer_to_pointer.cpp:[[@LINE+2]]:36: error: parameter 'm' of type 'const double ***' (pointers beyond rows of scalars) is not supported by adgen
// CHECK: note: hint: pass 2-D data as rows of scalars ('const double **m', indexed m[i][j]) or as one flat array ('const double *m', indexed m[i * n + j])
double h(double x, const double ***m) { return x * m[0][1][0]; }
// CHECK: 1 error generated.
