// Rosenbrock in n dimensions, for f_hvp / f_grad (issue 12's benchmark).
#pragma adgen grad hvp size(x, n)
double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
