// A checkpointed loop may read rows (cxx/rows.cpp) but not keep them as
// its state: a snapshot needs a flat extent.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp

#pragma adgen grad
void state(double **st, const double *w, int n) {
  // CHECK: {{.*}}checkpoint_rows.cpp:[[@LINE+3]]:3: error: the checkpointed loop at line [[@LINE+3]] writes 'st', a parameter of rows (a T ** or a std::vector of std::vectors), as part of its state, which adgen cannot checkpoint yet
  // CHECK: note: hint: write the loop's state into a flat array ('double *state', indexed state[i * n + j]), or leave the loop without a checkpoint directive
#pragma adgen checkpoint(every 2)
  for (int t = 0; t < n; ++t)
    st[0][t % 3] = st[0][t % 3] * w[t] + 1.0;
}
