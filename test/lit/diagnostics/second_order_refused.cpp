// Vector forward mode, HVPs and Jacobians refuse what they cannot build
// (SPEC §8) with a located error and a hint, and write nothing.
// RUN: rm -rf %t && split-file %s %t
// RUN: not adgen %t/w0.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=W0 --implicit-check-not=error:
// RUN: not adgen %t/wx.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WX --implicit-check-not=error:
// RUN: not adgen %t/wnojvp.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WNOJVP --implicit-check-not=error:
// RUN: not adgen %t/wstruct.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WSTRUCT --implicit-check-not=error:
// RUN: not adgen %t/wext.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WEXT --implicit-check-not=error:
// RUN: not adgen %t/wrec.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WREC --implicit-check-not=error:
// RUN: not adgen %t/wrecstore.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=WRECSTORE --implicit-check-not=error:
// RUN: not adgen %t/hvoid.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=HVOID --implicit-check-not=error:
// RUN: not adgen %t/hstruct.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=HSTRUCT --implicit-check-not=error:
// RUN: not adgen %t/hwritten.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=HWRITTEN --implicit-check-not=error:
// RUN: not adgen %t/jnone.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=JNONE --implicit-check-not=error:
// RUN: not adgen %t/jout.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=JOUT --implicit-check-not=error:
// RUN: not adgen %t/jext.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=JEXT --implicit-check-not=error:
// RUN: not adgen %t/jstruct.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=JSTRUCT --implicit-check-not=error:
// RUN: not test -e %t/out.cpp

//--- w0.cpp
#pragma adgen jvp width(0)
double f(double x) { return x * x; }
// W0: w0.cpp:1:25: error: malformed adgen directive: width takes the number of tangent directions (1 to 1024) or 'dynamic': width(8), width(dynamic)
// W0: note: hint: see the directive syntax in the README, e.g. '#pragma adgen jvp(x, w)'

//--- wx.cpp
#pragma adgen jvp width(many)
double f(double x) { return x * x; }
// WX: wx.cpp:1:25: error: malformed adgen directive: width takes the number of tangent directions (1 to 1024) or 'dynamic': width(8), width(dynamic)
// WX: note: hint: see the directive syntax in the README, e.g. '#pragma adgen jvp(x, w)'

//--- wnojvp.cpp
#pragma adgen grad width(4)
double f(double x) { return x * x; }
// WNOJVP: wnojvp.cpp:1:20: error: width(4) without jvp: width is the number of directions of f_jvp
// WNOJVP: note: hint: add jvp: '#pragma adgen jvp width(4)'

//--- wstruct.cpp
struct P { double a, b; };
#pragma adgen jvp width(2)
double f(const P &p) { return p.a * p.b; }
// WSTRUCT: wstruct.cpp:3:8: error: width(2) on 'f': it has struct, reference or container parameters, which vector forward mode does not support yet
// WSTRUCT: note: hint: write a function of scalars and pointers and call it from this one, or use f_jvp once per direction

//--- wext.cpp
#pragma adgen jvp width(2)
double f(const double *x, int n) { double s = 0; for (int i = 0; i < n; ++i) s += x[i] * x[i]; return s; }
// WEXT: wext.cpp:2:8: error: width(2) on 'f' lays out the tangents of 'x' as x_dot[k * n + i], and adgen cannot tell its extent n
// WEXT: note: hint: give it: 'size(x, n)' in the directive

//--- wrec.cpp
double h(double x, int d) { return d == 0 ? x : x * h(x, d - 1); }
#pragma adgen jvp width(2)
double f(double x) { return h(x, 3); }
// WREC: wrec.cpp:3:22: error: width(2) on 'f': it calls 'h' with active arguments, which vector forward mode does not support yet
// WREC: note: hint: vector forward mode inlines its callees: recursive functions and custom derivatives cannot be inlined

// The recursive call's value stored to an output array (it crashed).
//--- wrecstore.cpp
double h(const double *c, int n, double x) { return n == 0 ? c[0] : c[0] + x * h(c + 1, n - 1, x); }
#pragma adgen jvp width(2) size(c, 2) size(y, 3)
void f(const double *c, double *y) { for (int k = 0; k < 3; ++k) y[k] = h(c, 1, 0.5 * k); }
// WRECSTORE: wrecstore.cpp:3:66: error: width(2) on 'f': it calls 'h' with active arguments, which vector forward mode does not support yet

//--- hvoid.cpp
#pragma adgen hvp size(y, 2)
void f(const double *x, double *y) { y[0] = x[0] * x[1]; y[1] = x[0]; }
// HVOID: hvoid.cpp:1:15: error: hvp of 'f': it returns no floating-point value
// HVOID: note: hint: an HVP is of a scalar function: return the value

//--- hstruct.cpp
struct P { double a, b; };
#pragma adgen hvp
double f(const P &p) { return p.a * p.b; }
// HSTRUCT: hstruct.cpp:2:15: error: hvp of 'f': it has struct, reference or container parameters
// HSTRUCT: note: hint: write a function of scalars and pointers and call it from this one

//--- hwritten.cpp
#pragma adgen hvp size(y, 1)
double f(double x, double *y) { y[0] = x; return x * x; }
// HWRITTEN: hwritten.cpp:1:15: error: hvp of 'f': it writes through its pointer parameter 'y'
// HWRITTEN: note: hint: the Hessian is of the returned value: make 'y' a local array, or 'const'

//--- jnone.cpp
#pragma adgen jacobian
int f(double x) { return x > 0; }
// JNONE: jnone.cpp:1:15: error: jacobian of 'f': it returns a value that is not floating-point
// JNONE: note: hint: return a floating-point value, or nothing

//--- jout.cpp
#pragma adgen jacobian size(x, 2)
void f(const double *x, int *c) { c[0] = x[0] > x[1]; }
// JOUT: jout.cpp:1:15: error: jacobian of 'f': it has no floating-point output
// JOUT: note: hint: return the value, or write it to a 'double *' parameter

//--- jext.cpp
#pragma adgen jacobian
double f(const double *x, int n, double *y) { double s = 0; for (int i = 0; i < n; ++i) { y[i] = x[i] * x[i]; s += y[i]; } return s; }
// JEXT: jext.cpp:1:15: error: jacobian of 'f': the extent of 'x' is unknown
// JEXT: note: hint: give it: size(x, n)

//--- jstruct.cpp
struct P { double a, b; };
#pragma adgen jacobian
double f(const P &p) { return p.a * p.b; }
// JSTRUCT: jstruct.cpp:2:15: error: jacobian of 'f': it has struct, reference or container parameters
// JSTRUCT: note: hint: write a function of scalars and pointers and call it from this one
