// What a custom derivative cannot do yet is refused where the call or the
// parameter stands, and nothing is written: a gradient through a function
// that writes through a pointer (reverse mode calls its grad with what it
// read, or a void one), a passive array argument (its derivative takes a tangent for every
// array), a reference parameter, and a batched kernel (which inlines its
// callees whole).
// RUN: rm -f %t*.cpp
// RUN: not adgen %s -o %t1.cpp -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=WRITES --implicit-check-not=error:
// RUN: not adgen %s -o %t2.cpp -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=PASSIVE --implicit-check-not=error:
// RUN: not adgen %s -o %t3.cpp -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=REF --implicit-check-not=error:
// RUN: not adgen %s -o %t4.cpp -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=BATCH --implicit-check-not=error:
// RUN: not adgen %s -o %t5.cpp -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=VOID --implicit-check-not=error:
// RUN: not test -e %t1.cpp
// RUN: not test -e %t4.cpp

#if CASE == 1
double scale_into(const double *x, double *out, int n);
double scale_into_grad(const double *x, double *out, int n, double *x_bar,
                       double *out_bar, double scale_into_bar);
#pragma adgen derivative(scale_into) grad(scale_into_grad)
#pragma adgen grad(x) size(x, 3)
double f(const double *x) {
  double tmp[3];
  // WRITES: refused.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the custom derivative of 'scale_into' in reverse mode, writing through its 'out'
  // WRITES: note: hint: reverse mode calls the grad with what the function read: return the value it computes instead
  return scale_into(x, tmp, 3) + tmp[0];
}
#elif CASE == 2
double dotp(const double *a, const double *b, int n);
double dotp_jvp(const double *a, const double *b, int n, const double *a_dot,
                const double *b_dot, double *dotp_dot);
#pragma adgen derivative(dotp) jvp(dotp_jvp)
#pragma adgen jvp(x) size(x, 3) size(w, 3)
double f(const double *x, const double *w) {
  // PASSIVE: refused.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the custom derivative of 'dotp' in forward mode, with the passive array 'w' as its 'b'
  return dotp(x, w, 3);
}
#elif CASE == 3
// REF: refused.cpp:[[@LINE+1]]:30: error: the custom derivative of 'twice' takes 'double &', a reference
void twice(double x, double &out);
void twice_jvp(double x, double &out, double x_dot, double &out_dot);
#pragma adgen derivative(twice) jvp(twice_jvp)
#pragma adgen jvp
double f(double x) {
  double y;
  twice(x, y);
  return y;
}
#elif CASE == 5
// A void function writing an active array: its grad would be needed too.
void fill(const double *x, double *out);
void fill_grad(const double *x, double *out, double *x_bar, double *out_bar);
#pragma adgen derivative(fill) grad(fill_grad)
#pragma adgen grad(x) size(x, 2)
double f(const double *x) {
  double t[2];
  // VOID: refused.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the custom derivative of 'fill' in reverse mode, which seeds it through its result
  fill(x, t);
  return t[0] * t[1];
}
#else
double sq(double x);
double sq_grad(double x, double *x_bar, double sq_bar);
#pragma adgen derivative(sq) grad(sq_grad)
#pragma adgen grad(w) batch(x) size(w, 2) size(x, 2)
// BATCH: refused.cpp:[[@LINE+1]]:8: error: the custom derivative of 'sq' in the batched kernel of 'f'
double f(const double *w, const double *x) { return sq(w[0] * x[0]) + w[1]; }
#endif
