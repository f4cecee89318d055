// Rows (T **, a std::vector of std::vectors) are accepted; what adgen
// cannot follow is refused, each with a location and a hint: re-pointing a
// row, copying rows (in a range-for, into a local), using a row as a whole
// array, comparing pointers into two rows, moving a pointer to another
// row, a row passed to a callee that tests its pointer against null, and a
// local std::vector of std::vectors without a row length (checkpoint_rows.cpp: a checkpointed loop whose state is
// rows).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <array>
#include <vector>

#pragma adgen grad
double repoint(const double **rows, const double *x, int n) {
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:3: error: assigning to a row of 'rows' (re-pointing it) is not supported by adgen
  // CHECK: note: hint: write the row's elements (rows[i][j] = ...), or use a local pointer (const double *r = rows[i];)
  rows[0] = x;
  return rows[0][n - 1];
}

#pragma adgen grad
double copies(const std::vector<std::vector<double>> &m) {
  double s = 0;
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:28: error: copying each row of 'm' ('row') is not supported by adgen
  // CHECK: note: hint: bind each row by reference: 'for (const auto &row : m)'
  for (std::vector<double> row : m)
    s += row[0];
  return s;
}

#pragma adgen grad
double whole(const std::vector<std::vector<double>> &m) {
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:23: error: copying the row 'm[1]' of 'm' into 'r' is not supported by adgen
  // CHECK: note: hint: bind it by reference: 'const auto &r = m[1];'
  std::vector<double> r = m[1];
  return r[0];
}

#pragma adgen grad
double iterated(const std::vector<std::vector<double>> &m) {
  double s = 0;
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:18: error: using the row 'm[0]' of 'm' as a whole array is not supported by adgen
  // CHECK: note: hint: index it (m[0][j]), take its size(), or loop over it (for (double v : m[0]))
  for (auto it = m[0].begin(); it != m[0].end(); ++it)
    s += *it;
  return s;
}

#pragma adgen grad
double compared(const double *const *rows, int n) {
  const double *a = rows[0], *b = rows[1];
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:12: error: comparing pointers into different rows of 'rows' is not supported by adgen
  // CHECK: note: hint: compare indices into one array instead
  return a < b ? rows[0][0] : rows[1][0] * n;
}

#pragma adgen grad
double moved(const double *const *rows, int n) {
  const double *p = rows[0];
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += *p;
    // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:7: error: re-pointing 'p' into another row of 'rows' is not supported by adgen
    // CHECK: note: hint: declare a pointer per row where it is used ('const double *r = rows[i];' inside the loop)
    p = rows[i];
  }
  return s;
}

static void maybe(double *out, double v) {
  if (out)
    *out = v * v;
}
#pragma adgen grad
void tested(double **rows, double x) {
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:3: error: passing a row of 'rows' to 'maybe', which tests its pointer against null is not supported by adgen
  // CHECK: note: hint: pass a flag that says whether there is data: rows are not tested against null
  maybe(rows[1], x);
}

#pragma adgen grad
double unsized(double x) {
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:36: error: 'm(3)' is an allocation adgen cannot size
  // CHECK: note: hint: allocate an array of a counted number of elements
  std::vector<std::vector<double>> m(3);
  return x * static_cast<double>(m.size());
}

#pragma adgen grad
double copied(const std::vector<std::array<double, 3>> &pts) {
  // CHECK: {{.*}}rows_refused.cpp:[[@LINE+2]]:31: error: copying the row 'pts[0]' of 'pts' into 'p' is not supported by adgen
  // CHECK: note: hint: bind it by reference: 'const auto &p = pts[0];'
  const std::array<double, 3> p = pts[0];
  return p[0];
}
