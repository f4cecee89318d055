"""Writes an annotated file of deeply nested expressions (argv[1] = N):
f(x) = x * (- - ... - x) with N unary minuses (N even: f = x^2),
g(x) = ((...(x * x)...)) inside 2,000 parentheses (clang's limit is 2,048),
h(x) = x + x + ... + x, N terms (a left-deep tree N levels high),
and a driver that checks value and derivative of each (2x, 2x, N)."""
import sys

n = int(sys.argv[1])
assert n % 2 == 0
print("#pragma adgen jvp grad")
print("double f(double x) { return x * (" + "- " * n + "x); }")
print("#pragma adgen jvp grad")
print("double g(double x) { return " + "(" * 2000 + "x * x" + ")" * 2000 + "; }")
print("#pragma adgen jvp grad")
print("double h(double x) { return " + " + ".join(["x"] * n) + "; }")
print("""
#ifdef ADGEN_DRIVER
#include <cmath>
#include <cstdio>
double f_grad(double, double *, double = 1.0);
double f_jvp(double, double, double *);
double g_grad(double, double *, double = 1.0);
double g_jvp(double, double, double *);
double h_grad(double, double *, double = 1.0);
double h_jvp(double, double, double *);
static int bad = 0;
static void check(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-9 * (1 + std::fabs(want))) {
    std::printf("%s: got %.17g, want %.17g\\n", what, got, want);
    ++bad;
  }
}
int main() {
  const double x = 0.75, n = NTERMS;
  double bar = 0, dot = 0;
  check("f", f_grad(x, &bar), x * x);
  check("f_grad", bar, 2 * x);
  check("f_jvp", (f_jvp(x, 1.0, &dot), dot), 2 * x);
  bar = 0;
  check("g", g_grad(x, &bar), x * x);
  check("g_grad", bar, 2 * x);
  check("g_jvp", (g_jvp(x, 1.0, &dot), dot), 2 * x);
  bar = 0;
  check("h", h_grad(x, &bar), n * x);
  check("h_grad", bar, n);
  check("h_jvp", (h_jvp(x, 1.0, &dot), dot), n);
  std::printf("%s\\n", bad ? "FAILED" : "ok");
  return bad != 0;
}
#endif""")
