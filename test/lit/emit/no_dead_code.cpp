// SPEC §4: the generated code has no dead code. A statement whose tangent is
// unchanged (`s = s - 1.0`) must not produce a self-assignment
// `s_dot = s_dot;`, which clang's -Wall (-Wself-assign) also warns about.
// RUN: adgen %s -o %t.cpp
// RUN: not grep -nE '\b([A-Za-z_][A-Za-z_0-9]*) = \1;' %t.cpp
// RUN: clang++ -std=c++17 -Wall -Wextra -Werror -I %runtime_include -c %t.cpp -o %t.o
// RUN: %cxx -c %t.cpp -o %t.o

#pragma adgen jvp(x)
double f(double x, int n) {
  double s = x * x;
  for (int i = 0; i < n; ++i)
    s = s - 1.0;
  do {
    s = s - 0.5;
  } while (s > 5.0);
  s += 2.0;
  return s;
}
