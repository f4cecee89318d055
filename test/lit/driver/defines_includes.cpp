// -I, -D and -std= reach the parser: SCALE comes from Inputs/include/scale.h
// (found only through -I), FACTOR from -D. Joined and separate spellings, and
// the same flags after `--`, all work.
// RUN: adgen %s --emit=wengert -o - -I %S/Inputs/include -D FACTOR=2.0 | FileCheck %s
// RUN: adgen %s --emit=wengert -o - -I%S/Inputs/include -DFACTOR=2.0 | FileCheck %s
// RUN: adgen %s --emit=wengert -o - -- -I%S/Inputs/include -DFACTOR=2.0 | FileCheck %s
// CHECK: f(double x)
// CHECK-DAG: 3.0 * x
// CHECK-DAG: 2.0
//
// Without them the input does not parse: exit 1 with clang's diagnostic.
// RUN: sh -c 'adgen %s -o %t.cpp -DFACTOR=2.0 2>%t.err1; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=NOINC < %t.err1
// NOINC: {{.*}}defines_includes.cpp:[[@LINE+9]]:10: fatal error: 'scale.h' file not found
// RUN: sh -c 'adgen %s -o %t.cpp -I%S/Inputs/include 2>%t.err2; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=NODEF < %t.err2
// NODEF: error: use of undeclared identifier 'FACTOR'
//
// The generated code is self-contained: it does not include the user's header.
// RUN: adgen %s -o %t.cpp -I%S/Inputs/include -DFACTOR=2.0
// RUN: FileCheck %s --check-prefix=CODE < %t.cpp
// CODE-NOT: scale.h
#include "scale.h"

#pragma adgen jvp
double f(double x) {
  return SCALE * x * FACTOR;
}
