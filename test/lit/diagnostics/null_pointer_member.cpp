// A pointer member of a local struct is accepted only while it is null
// (test/lit/cxx/null_pointer_members.cpp) or while no code of the file
// reads it and its initializer has no effects (cxx/write_only_pointer_
// members.cpp); pointing it at something otherwise, or reading through it,
// is refused at that use, naming the member and type.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp

struct Holder {
  double v;
  double *p;
};

#pragma adgen jvp grad
double f(double x) {
  Holder h{x, nullptr};
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+1]]:16: error: member 'p' of 'Holder' has type 'double *', which adgen cannot differentiate through
  double y = h.p[0];
  return y * x;
}

#pragma adgen jvp grad
double g(double x) {
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+1]]:15: error: member 'p' of 'Holder' has type 'double *', which adgen cannot differentiate through
  Holder h{x, &x};
  return h.v;
}

struct Tracked {
  double v;
  double *q; // never read, but set by a call
};
static double *touch(double *p) { return p; }

#pragma adgen jvp grad
double h(double x) {
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+1]]:16: error: member 'q' of 'Tracked' has type 'double *', which adgen cannot differentiate through
  Tracked t{x, touch(&x)};
  return t.v;
}
