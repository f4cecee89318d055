// Lambdas are inlined where they are called (cxx/lambda.cpp); what is
// still refused: a return inside a loop of a lambda, a copy of a lambda
// (a lambda stored or passed on), a lambda capturing `*this` by copy.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit" --implicit-check-not=error:
// RUN: sh -c 'adgen %s -o %t.cpp 2>/dev/null; test $? -eq 1'
// RUN: not test -e %t.cpp

#pragma adgen jvp
double f(double x) {
  auto first = [&](double t) {
    for (int i = 0; i < 3; ++i)
      if (t * i > 1)
        // CHECK: {{.*}}lambda.cpp:[[@LINE+4]]:9: error: a return inside a loop of a lambda is not supported by adgen
        // CHECK-NEXT: return t * i;
        // CHECK-NEXT: {{^ *\| *\^~*}}
        // CHECK-NEXT: {{.*}}lambda.cpp:[[@LINE+1]]:9: note: hint: keep the result in a variable, leave the loop with break and return the variable after it
        return t * i;
    return t;
  };
  return first(x);
}

#pragma adgen jvp
double g(double x) {
  auto sq = [](double t) { return t * t; };
  // CHECK: {{.*}}lambda.cpp:[[@LINE+4]]:8: error: a copy of a lambda (a lambda stored or passed on) is not supported by adgen
  // CHECK-NEXT: auto copy = sq;
  // CHECK-NEXT: {{^ *\| *\^~*}}
  // CHECK-NEXT: {{.*}}lambda.cpp:[[@LINE+1]]:8: note: hint: call the lambda by the name it is defined with, in the function that defines it
  auto copy = sq;
  return copy(x);
}

struct Box {
  double v;
  double twice() const {
    // CHECK: {{.*}}lambda.cpp:[[@LINE+2]]:17: error: a lambda capturing '*this' by copy is not supported by adgen
    // CHECK: note: hint: capture `this` ([this] or [&]), or the variables the lambda uses
    auto get = [*this]() { return v; };
    return 2 * get();
  }
};

#pragma adgen jvp
double h(double x) {
  Box b{x};
  return b.twice();
}

// CHECK: 3 errors generated.
