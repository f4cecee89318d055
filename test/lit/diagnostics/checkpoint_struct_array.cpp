// A checkpointed loop whose state is an array of structs (parameter
// `P *pts`, lowered to strided members) is refused, naming the member as
// the source spells it; the same function without the directive is fine.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=error:
// RUN: not test -e %t.cpp
// RUN: grep -v "checkpoint(every" %s > %t.plain.cpp
// RUN: adgen %t.plain.cpp -o - | FileCheck %s --check-prefix=PLAIN
// PLAIN: double f_grad(P *pts, int n, int steps, P *pts_bar,
#include <cmath>

struct P {
  double x, y;
};

#pragma adgen grad
double f(P *pts, int n, int steps) {
#pragma adgen checkpoint(every 2)
  // CHECK: {{.*}}checkpoint_struct_array.cpp:[[@LINE+2]]:3: error: the checkpointed loop at line [[@LINE+2]] writes or reads 'pts[k].x', a member of a parameter that is an array of structs, as part of its state, which adgen cannot checkpoint yet
  // CHECK: note: hint: keep the loop's state in arrays of scalars (one per member), or leave the loop without a checkpoint directive
  for (int s = 0; s < steps; ++s)
    for (int i = 0; i < n; ++i)
      pts[i].x = std::sin(pts[i].x + pts[i].y);
  return pts[0].x;
}
// CHECK: 1 error generated.
