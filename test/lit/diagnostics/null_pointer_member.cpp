// A pointer member of a local struct is accepted only while it is null
// (test/lit/cxx/null_pointer_members.cpp); pointing it at something, or
// reading through it, is refused at that use, naming the member and type.
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
