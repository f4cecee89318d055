// Bad `instantiate(...)` clauses: another template's name, an unknown type,
// too many arguments, on a function that is not a template, a pointer type
// adgen cannot name; each located at its argument, exit 1, no output.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp
// RUN: not adgen %s -o %t.cpp -DSYNTAX 2>&1 | FileCheck %s --check-prefix=SYN --implicit-check-not=error:
// RUN: not adgen %s -o %t.cpp -DSEMA 2>&1 | FileCheck %s --check-prefix=SEMA --implicit-check-not=error:
// RUN: not test -e %t.cpp

#if defined(SYNTAX)
// SYN: template_instantiate.cpp:[[@LINE+1]]:32: error: malformed adgen directive: expected a template and its arguments ('f<float>'), got 'f'
#pragma adgen grad instantiate(f)
template <class T> T f(T x) { return x * x; }
#elif defined(SEMA)
// SEMA: template_instantiate.cpp:[[@LINE+4]]:44: error: member reference base type 'double' is not a structure or union
// SEMA: template_instantiate.cpp:[[@LINE+2]]:32: note: in instantiation of function template specialization 'n<double>' requested here
// SEMA: 1 error generated.
#pragma adgen grad instantiate(n<double>)
template <class T> double n(T x) { return x.foo; }
#else
// CHECK: template_instantiate.cpp:[[@LINE+2]]:32: error: 'h<double>' in 'instantiate' does not name the function template 'g' that follows the directive
// CHECK: note: hint: name instantiations of the template the directive applies to: 'instantiate(g<double>)'
#pragma adgen grad instantiate(h<double>)
template <class T> T g(T x) { return x * x; }

// CHECK: template_instantiate.cpp:[[@LINE+2]]:32: error: cannot instantiate 'k<Foo>': 'Foo' is not a type adgen can find (a builtin type, or a struct or alias of the file)
// CHECK: template_instantiate.cpp:[[@LINE+1]]:40: error: cannot instantiate 'k<double, 2>': 'k' takes 1 template argument
#pragma adgen grad instantiate(k<Foo>, k<double, 2>)
template <class T> T k(T x) { return x * x; }

// CHECK: template_instantiate.cpp:[[@LINE+1]]:20: error: 'instantiate' on 'p', which is not a function template
#pragma adgen grad instantiate(p<double>)
double p(double x) { return x; }

// CHECK: template_instantiate.cpp:[[@LINE+1]]:32: error: cannot instantiate 'q<double, 2.5>': argument 2 ('2.5') must be a type or an integer for the template parameter it stands for
#pragma adgen grad instantiate(q<double, 2.5>)
template <class T, int N> double q(T x) { return x * N; }
// CHECK: 5 errors generated.
#endif
