// The lit suite is wired up and adgen runs.
// RUN: adgen --version | FileCheck %s
// CHECK: adgen
