// -p BUILD_DIR reads the flags from BUILD_DIR/compile_commands.json (written
// here at test time): SCALE comes from an -I relative to the entry's
// directory, FACTOR from its -D.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo '[{"directory": "%S", "file": "%s", "command": "g++ -std=c++17 -IInputs/include -DFACTOR=2.0 -c %s -o x.o"}]' > %t.dir/compile_commands.json
// RUN: adgen %s -o - --emit=wengert -p %t.dir | FileCheck %s
// RUN: adgen %s -o %t.cpp -p %t.dir
// RUN: %cxx -c %t.cpp -o %t.o
// CHECK: f(double x)
// CHECK-DAG: 3.0 * x
// CHECK-DAG: 2.0
//
// The "arguments" form of an entry works too.
// RUN: rm -rf %t.args && mkdir -p %t.args
// RUN: echo '[{"directory": "%S", "file": "%s", "arguments": ["g++", "-IInputs/include", "-DFACTOR=2.0", "-c", "%s"]}]' > %t.args/compile_commands.json
// RUN: adgen %s -o - --emit=wengert -p %t.args | FileCheck %s
//
// A successful run with -p prints nothing on stderr.
// RUN: adgen %s -o %t.cpp -p %t.dir 2>&1 | count 0
//
// -p naming a directory without a compile_commands.json is an error, not a crash.
// RUN: rm -rf %t.empty && mkdir -p %t.empty
// RUN: not adgen %s -o %t.cpp -p %t.empty 2>&1 | FileCheck %s --check-prefix=NODB --implicit-check-not="Stack dump"
// NODB: error:
#include "scale.h"

#pragma adgen jvp
double f(double x) {
  return SCALE * x * FACTOR;
}
