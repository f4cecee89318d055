// Loops and branches print as nested regions of the Wengert list: a for loop
// with its cond / body / step, an if with its else, a while loop with a break,
// and a do loop.
// RUN: adgen %s --emit=wengert -o - | FileCheck %s --match-full-lines
// RUN: adgen %s --emit=wengert --show=jvp -o - | FileCheck %s --check-prefix=JVP
#include <cmath>

#pragma adgen jvp(x)
double f(const double* x, int n, double a) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    if (x[i] > a)
      s += x[i] * x[i];
    else
      s -= std::exp(x[i]);
  }
  int k = 0;
  while (k < n) {
    s = s * a;
    if (s > 10.0) break;
    ++k;
  }
  do {
    s = s - 1.0;
  } while (s > 5.0);
  return s;
}

// CHECK: {{.*}}f(const double* x, int n, double a){{.*}}{
// CHECK-NEXT: s = 0.0
// CHECK-NEXT: i = 0
// CHECK-NEXT: loop for {
// CHECK-NEXT: cond:
// CHECK-NEXT: while i < n
// CHECK-NEXT: body:
// CHECK-NEXT: if x[i] > a {
// CHECK-NEXT: [[P:v[0-9]+]] = x[i] * x[i]
// CHECK-NEXT: s = s + [[P]]
// CHECK-NEXT: } else {
// CHECK-NEXT: [[E:v[0-9]+]] = exp(x[i])
// CHECK-NEXT: s = s - [[E]]
// CHECK-NEXT: }
// CHECK-NEXT: step:
// CHECK-NEXT: i = i + 1
// CHECK-NEXT: }
// CHECK-NEXT: k = 0
// CHECK-NEXT: loop while {
// CHECK-NEXT: cond:
// CHECK-NEXT: while k < n
// CHECK-NEXT: body:
// CHECK-NEXT: s = s * a
// CHECK-NEXT: if s > 10.0 {
// CHECK-NEXT: break
// CHECK-NEXT: }
// CHECK-NEXT: k = k + 1
// CHECK-NEXT: }
// CHECK-NEXT: loop do {
// CHECK-DAG: while s > 5.0
// CHECK-DAG: s = s - 1.0
// CHECK: }
// CHECK-NEXT: return s
// CHECK-NEXT: }

// The tangent keeps the same regions, with the tangent statements inside them.
// JVP: f_jvp(const double* x, int n, double a, const double* x_dot, double* f_dot){{.*}}{
// JVP: s_dot = 0.0
// JVP: loop for {
// JVP: body:
// JVP-NEXT: if x[i] > a {
// JVP: * x_dot[i] {{ *}}; tangent product
// JVP: } else {
// JVP: exp(x[i])
// JVP: * x_dot[i] {{ *}}; tangent product
// JVP: step:
// JVP: loop while {
// JVP: s_dot =
// JVP: break
// JVP: loop do {
// JVP: *f_dot = s_dot
// JVP-NEXT: return s
