// A pointer member of a local struct is followed from where the struct is
// initialised (test/lit/cxx/pointer_members.cpp); what adgen cannot follow
// is refused at that use, naming the member: a read of a null member, a
// member re-pointed or moved after its initialisation, one computed from
// constructor parameters, one pointing at a struct, a parameter's member
// re-pointed, and a struct
// assignment that would carry a computed position out of its scope.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp

struct Holder {
  double v;
  double *p;
};

#pragma adgen jvp grad
double null_read(double x) {
  Holder h{x, nullptr};
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:16: error: pointer member 'p' of 'Holder' points nowhere adgen can follow here
  // CHECK: note: hint: point it where the struct is initialised ('Holder s{..., &x}', or a constructor's 'p(&x)' / 'p(param)'), or pass the array itself
  double y = h.p[0];
  return y * x;
}

#pragma adgen jvp grad
double repointed(double x, double y) {
  Holder h{x, &x};
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:5: error: moving or re-pointing the pointer member 'h.p' is not supported by adgen
  // CHECK: note: hint: set it where the struct is initialised (S s{&y}), or move a local pointer (double *q = s.p;)
  h.p = &y;
  return *h.p;
}

struct Node {
  Node *prev;
  double value;
};

#pragma adgen jvp grad
double linked(double x) {
  Node first{nullptr, x};
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:15: error: pointing the member 'prev' (Node *) of 'Node' at a struct is not supported by adgen
  // CHECK: note: hint: hold the struct itself as a member, or pass it to the function
  Node second{&first, 2 * x};
  return second.prev->value * second.value;
}

#pragma adgen jvp grad
double moved(double *w) {
  Holder h{1.0, w};
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+1]]:7: error: moving or re-pointing the pointer member 'h.p' is not supported by adgen
  ++h.p;
  return *h.p;
}

struct Offset {
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:34: error: pointer member 'p' computed from constructor parameters is not supported by adgen
  // CHECK: note: hint: initialise it from `this`'s members or one parameter as is
  Offset(double *w, int k) : p(w + k) {}
  double *p;
};

#pragma adgen jvp grad
double computed(double *w, int k) {
  Offset c(w, k);
  return *c.p;
}

#pragma adgen jvp grad
void parameter(Holder &h, double *y) {
  // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:3: error: re-pointing the pointer member 'p' of a parameter is not supported by adgen
  // CHECK: note: hint: point a local pointer where it should point instead
  h = Holder{1.0, y};
  h.p[0] = 2 * h.v;
}

#pragma adgen jvp grad
double scoped(double *w, int k) {
  Holder g{2.0, w};
  if (k > 1) {
    Holder t{3.0, w + k};
    // CHECK: {{.*}}null_pointer_member.cpp:[[@LINE+2]]:5: error: assigning a struct whose pointer member 'p' points at a computed position is not supported by adgen
    // CHECK: note: hint: copy it into a new variable instead
    g = t;
  }
  return *g.p;
}
