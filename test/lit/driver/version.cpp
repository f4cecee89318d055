// --version names adgen and the LLVM it was built with (22), and exits 0.
// RUN: adgen --version | FileCheck %s
// CHECK: adgen {{[0-9]+\.[0-9]+\.[0-9]+}}
// CHECK-SAME: LLVM{{.*}} 22.
