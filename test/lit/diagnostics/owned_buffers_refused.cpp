// A constructor's allocation of a pointer member is taken when the count
// reads only the constructor's parameters (cxx/owned_buffers.cpp): one
// counted by a member or a call is refused at the count, and so is an
// allocation of one element or with an initializer.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
int twice(int n);

struct ByMember {
  int n;
  double *d;
  // CHECK: {{.*}}owned_buffers_refused.cpp:[[@LINE+2]]:52: error: a constructor's allocation counted by more than its parameters is not supported by adgen
  // CHECK: note: hint: count it by the constructor's parameters alone (`d = new double[rows * cols];`)
  explicit ByMember(int k) : n(k) { d = new double[n]; }
  ~ByMember() { delete[] d; }
};

#pragma adgen grad
double member(double x) {
  ByMember m(3);
  m.d[0] = x * x;
  return m.d[0];
}

struct ByCall {
  double *d;
  // CHECK: {{.*}}owned_buffers_refused.cpp:[[@LINE+1]]:41: error: a constructor's allocation counted by more than its parameters is not supported by adgen
  explicit ByCall(int k) : d(new double[twice(k)]) {}
};

#pragma adgen grad
double call(double x) {
  ByCall m(3);
  m.d[0] = x * x;
  return m.d[0];
}

struct One {
  double *d;
  // CHECK: {{.*}}owned_buffers_refused.cpp:[[@LINE+1]]:13: error: 'new double(1.0)' is an allocation adgen cannot size
  One() : d(new double(1.0)) {}
};

#pragma adgen grad
double one(double x) {
  One m;
  m.d[0] = x * x;
  return m.d[0];
}

// A method re-allocating the buffer (LightMatrix::resize) resizes what the
// function differentiates through (SPEC §5 refuses that).
struct Resizable {
  int n;
  double *d;
  explicit Resizable(int k) : n(k) { d = new double[k]; }
  ~Resizable() { delete[] d; }
  void resize(int k) {
    if (k != n) {
      // CHECK: {{.*}}owned_buffers_refused.cpp:[[@LINE+2]]:7: error: releasing the pointer member 'd' of 'Resizable' (re-allocating what it owns, as a resize does) is not supported by adgen
      // CHECK: note: hint: size the object where it is constructed and keep its size: a differentiated function does not resize what it differentiates through
      delete[] d;
      d = new double[k];
      n = k;
    }
  }
};

#pragma adgen grad
double resized(double x) {
  Resizable r(2);
  r.resize(4);
  r.d[3] = x * x;
  return r.d[3];
}
