// Reading a value's bytes as another type (Quake's fast inverse square
// root, `i = *(int32_t *)&y`) is refused and named as what it is: the bit
// pattern has no derivative adgen can follow (SPEC §5: what adgen cannot
// prove correct, it refuses).
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <cstdint>

#pragma adgen jvp grad
float q_rsqrt(float number) {
  int32_t i;
  float x2 = number * 0.5F, y = number;
  // CHECK: {{.*}}type_punning.cpp:[[@LINE+2]]:8: error: reinterpreting memory: reading 'float' through 'int32_t *' (type punning) is not supported by adgen
  // CHECK: note: hint: compute the value arithmetically: a value's bit pattern has no derivative adgen can follow
  i = *(int32_t *)&y;
  i = 0x5f3759df - (i >> 1);
  y = *(float *)&i;
  return y * (1.5F - (x2 * y * y));
}
