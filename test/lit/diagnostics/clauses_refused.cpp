// Clauses that used to be accepted silently, or refused with a misleading
// message, are errors at the clause that say what is wrong (SPEC §2).
// RUN: rm -rf %t && split-file %s %t
// RUN: not adgen %t/size.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=error:
// RUN: not adgen %t/comma.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=COMMA --implicit-check-not=error:
// RUN: not adgen %t/policy.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=POLICY --implicit-check-not=error:
// RUN: not adgen %t/twice.cpp -o %t/out.cpp 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// RUN: not test -e %t/out.cpp
//
// The command line reads policies the same way (usage error, exit 2).
// RUN: sh -c 'adgen %t/twice.cpp -o %t/out.cpp "--checkpoint=every 99999999999999999999" 2>%t/e1; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=CLI1 < %t/e1
// CLI1: adgen: error: bad checkpoint policy 'every 99999999999999999999': 'every' takes the iterations between snapshots as a whole number from 1 to 9223372036854775807
// RUN: sh -c 'adgen %t/twice.cpp -o %t/out.cpp "--checkpoint=every 0" 2>%t/e2; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=CLI2 < %t/e2
// CLI2: adgen: error: bad checkpoint policy 'every 0': 'every' takes the iterations between snapshots as a whole number from 1
// RUN: sh -c 'adgen %t/twice.cpp -o %t/out.cpp "--checkpoint=budget 1e18" 2>/dev/null; test $? -eq 2'
// A byte count reads as `adgen plan` reads it: TiB is a unit in both.
// RUN: adgen plan --steps 100 --budget 1TiB --bytes 1KiB > /dev/null
// RUN: adgen %t/policy_ok.cpp -o %t/ok.cpp "--checkpoint=budget 1TiB"
// RUN: FileCheck %s --check-prefix=OK < %t/ok.cpp
// OK: f_grad(

//--- size.cpp
#pragma adgen grad size(w, q)
double f1(const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i]; return s; }
// SIZE: size.cpp:1:28: error: bad extent in size(w, q): 'q' is not an integer parameter of 'f1'
// SIZE: note: hint: write the extent with numbers and integer parameters of the function
#pragma adgen grad size(w, n / 0)
double f2(const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i]; return s; }
// SIZE: size.cpp:5:28: error: bad extent in size(w, n / 0): division by zero
#pragma adgen grad size(w, 2 - 2)
double f3(const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i]; return s; }
// SIZE: size.cpp:8:28: error: bad extent in size(w, 2 - 2): the extent is 0, not a count of one or more elements
#pragma adgen grad size(w, n +)
double f4(const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i]; return s; }
// SIZE: size.cpp:11:28: error: bad extent in size(w, n +): an operand is missing
#pragma adgen grad size(w, x)
double f5(const double *w, double x, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i] * x; return s; }
// SIZE: size.cpp:14:28: error: bad extent in size(w, x): 'x' is not an integer parameter of 'f5'

//--- comma.cpp
#pragma adgen grad size(w, n,)
double f(const double *w, int n) { double s = 0; for (int i = 0; i < n; ++i) s += w[i]; return s; }
// COMMA: comma.cpp:1:30: error: malformed adgen directive: size takes a parameter and an extent: size(p, n)
#pragma adgen grad(w,,n)
double g(const double *w, int n) { return w[0] * n; }
// COMMA: comma.cpp:4:22: error: malformed adgen directive: empty argument (a stray ',')
#pragma adgen grad()
double h(double x) { return x * x; }
// COMMA: comma.cpp:7:15: error: 'grad()' lists no parameter to differentiate with respect to
// COMMA: note: hint: name the parameters ('grad(x, w)'), or write 'grad' without a list

//--- policy.cpp
#pragma adgen grad
double f(double x, int n) {
  double s = x;
  #pragma adgen checkpoint(every 0)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:4:28: error: bad checkpoint policy 'every 0': 'every' takes the iterations between snapshots as a whole number from 1 to 9223372036854775807, not '0'
  #pragma adgen checkpoint(every 99999999999999999999)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:7:28: error: bad checkpoint policy 'every 99999999999999999999': {{.*}}, not '99999999999999999999'
  #pragma adgen checkpoint(budget 1e18)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:10:28: error: bad checkpoint policy 'budget 1e18': 'budget' takes a byte count such as 4096, 64MiB or 2GB (at most 8 EiB), not '1e18'
  #pragma adgen checkpoint(binomial)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:13:28: error: bad checkpoint policy 'binomial': 'binomial' needs the number of snapshots, e.g. 'binomial 10'
  #pragma adgen checkpoint(auto 3)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:16:28: error: bad checkpoint policy 'auto 3': 'auto' takes no argument
  #pragma adgen checkpoint(every 4, auto)
  for (int i = 0; i < n; ++i) s = s * x;
  // POLICY: policy.cpp:19:37: error: bad checkpoint policy 'every 4': a checkpoint directive takes one policy
  return s;
}

//--- twice.cpp
#pragma adgen grad
double f(double x, int n) {
  double s = x;
  #pragma adgen checkpoint(every 2)
  #pragma adgen checkpoint(every 3)
  for (int i = 0; i < n; ++i) s = s * x;
  return s;
}
// TWICE: twice.cpp:5:17: error: second checkpoint directive for the same loop
// TWICE: twice.cpp:4:17: note: the first checkpoint directive is here

//--- policy_ok.cpp
#pragma adgen grad
double f(double x, int n) {
  double s = x;
  #pragma adgen checkpoint(budget 1TiB)
  for (int i = 0; i < n; ++i) s = s * x;
  return s;
}

// (At the end, so the lines above keep their numbers.) Both read byte counts
// up to 8 EiB (2^63 - 1 bytes), without exponents.
// RUN: adgen plan --steps 100 --budget 9223372036854775807 --bytes 1KiB > /dev/null
// RUN: adgen %t/policy_ok.cpp -o %t/ok.cpp "--checkpoint=budget 9223372036854775807"
// RUN: FileCheck %s --check-prefix=OK < %t/ok.cpp
// RUN: sh -c 'adgen plan --steps 100 --budget 9223372036854775808 --bytes 1KiB 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen %t/twice.cpp -o %t/out.cpp "--checkpoint=budget 9223372036854775808" 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'adgen plan --steps 100 --budget 1e18 --bytes 1KiB 2>/dev/null; test $? -eq 2'
