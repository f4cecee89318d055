// adgen never exits 0 with an empty output after seeing a directive: a file
// whose only directive is a checkpoint in a function nothing differentiates
// is an error at the directive, and the output file is left untouched.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

double sum(const double *x, int n) {
  double s = 0;
  // CHECK: {{.*}}directive_unused.cpp:[[@LINE+4]]:15: error: '#pragma adgen checkpoint' applies to no function adgen differentiates: the file and the headers it includes with quotes have no '#pragma adgen jvp' or 'grad' directive
  // CHECK-NEXT: #pragma adgen checkpoint(every 2)
  // CHECK-NEXT: {{^ *\| *~*\^}}
  // CHECK-NEXT: note: hint: put '#pragma adgen grad' (or 'jvp') before the definition of the function to differentiate
#pragma adgen checkpoint(every 2)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
// CHECK: 1 error generated.
