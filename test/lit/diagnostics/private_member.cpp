// A directive on a function whose struct parameter (or object) has private
// or protected data members is refused: the generated wrapper passes the
// members one by one and could not name them (Adept's State, in the
// corpus, gave a file that did not compile). Such a class called from a
// differentiated function is fine (the call is lowered, not wrapped).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp
// RUN: grep -v 'grad$' %s > %t.callee.cpp
// RUN: adgen %t.callee.cpp -o - | FileCheck %s --check-prefix=CALLEE
// CALLEE: double use_grad(double x, double *x_bar

class Model {
  double w_ = 2.0;

public:
  double b = 0.5;
#pragma adgen grad
  // CHECK: {{.*}}private_member.cpp:[[@LINE+2]]:10: error: member 'w_' of 'Model' is private, and the generated functions pass a struct's members one by one
  // CHECK: note: hint: make the data members of 'Model' public
  double f(double x) const { return w_ * x * x + b; }
};

#pragma adgen grad(x)
double use(double x) {
  Model m;
  return m.f(x);
}
// CHECK: 1 error generated.
