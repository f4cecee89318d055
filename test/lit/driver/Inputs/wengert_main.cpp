// Helper for driver/header.cpp: uses only the generated header (included
// twice: it must be idempotent), linked against the generated source.
#include <cstdio>

#include GENERATED_HEADER
#include GENERATED_HEADER

int main() {
  const double x1 = 1.0, x2 = 2.0, x3 = 3.0;
  double d1 = 0, d2 = 0, d3 = 0;
  double y = wengert_jvp(x1, x2, x3, 1.0, 0.0, 0.0, &d1);
  wengert_jvp(x1, x2, x3, 0.0, 1.0, 0.0, &d2);
  wengert_jvp(x1, x2, x3, 0.0, 0.0, 1.0, &d3);
  std::printf("y = %.6f\n", y);
  std::printf("grad = %.6f %.6f %.6f\n", d1, d2, d3);
  return 0;
}
