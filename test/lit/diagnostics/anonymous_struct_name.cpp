// A struct declared `typedef struct { ... } Name;` is named by its typedef
// in messages (it was named '').
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <cstdlib>

typedef struct {
  long long start;
  float *data;
} WINDOW_FRAME;

#pragma adgen grad
float first(float x) {
  // CHECK: anonymous_struct_name.cpp:[[@LINE+1]]:17: error: member 'data' of 'WINDOW_FRAME' (float *) cannot be held in an array of structs by adgen
  WINDOW_FRAME *f = (WINDOW_FRAME *)malloc(sizeof(WINDOW_FRAME));
  free(f);
  return x;
}
// CHECK: 1 error generated.
