// The reprojection residual's Jacobian derived by hand (see ba.h for the
// model), for checking adgen's. Nothing here comes from adgen.
//
// With p = X - C, theta = |r|, u = r / theta, c = cos theta, s = sin theta,
// a = u x p, b = u . p, Rodrigues' Xcam = c p + s a + (1 - c) b u has
//
//   dXcam/dp = c I + s [u]x + (1 - c) u u^T                      (= R)
//   dXcam/dr = (-s p + c a + s b u) u^T
//              + (-s [p]x + (1 - c)(u p^T + b I)) (I - u u^T) / theta
//
// (d theta/dr = u^T, du/dr = (I - u u^T) / theta, d(u x p)/du = -[p]x,
// d(b u)/du = b I + u p^T), and at theta = 0, where ba.cpp uses
// Xcam = p + r x p: dXcam/dp = I + [r]x, dXcam/dr = -[p]x.
// Then q = (x / z, y / z): dq/dXcam = [[1/z, 0, -x/z^2], [0, 1/z, -y/z^2]];
// d = q L, L = 1 + k1 rho + k2 rho^2, rho = |q|^2:
// dd/dq = L I + 2 (k1 + 2 k2 rho) q q^T, dd/dk1 = rho q, dd/dk2 = rho^2 q;
// proj = f d + (u0, v0); err = w (proj - feat), so d err/dw = proj - feat.
#include "ba.h"

#include <cmath>

namespace {

struct M3 {
  double a[3][3];
};

M3 cross_matrix(const double *v) {  // [v]x y = v x y
  return {{{0, -v[2], v[1]}, {v[2], 0, -v[0]}, {-v[1], v[0], 0}}};
}

// dXcam/dp (Rp) and dXcam/dr (Rr) at (r, p); writes Xcam.
void rotation_jacobians(const double *r, const double *p, double *Xcam,
                        M3 &Rp, M3 &Rr) {
  const double th2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  if (th2 == 0) {
    const M3 rx = cross_matrix(r), px = cross_matrix(p);
    for (int i = 0; i < 3; ++i) {
      Xcam[i] = p[i];
      for (int j = 0; j < 3; ++j) {
        Xcam[i] += rx.a[i][j] * p[j];
        Rp.a[i][j] = (i == j) + rx.a[i][j];
        Rr.a[i][j] = -px.a[i][j];
      }
    }
    return;
  }
  const double th = std::sqrt(th2), c = std::cos(th), s = std::sin(th);
  const double u[3] = {r[0] / th, r[1] / th, r[2] / th};
  const double a[3] = {u[1] * p[2] - u[2] * p[1], u[2] * p[0] - u[0] * p[2],
                       u[0] * p[1] - u[1] * p[0]};
  const double b = u[0] * p[0] + u[1] * p[1] + u[2] * p[2];
  const M3 ux = cross_matrix(u), px = cross_matrix(p);
  double B[3][3];  // -s [p]x + (1 - c)(u p^T + b I)
  for (int i = 0; i < 3; ++i) {
    Xcam[i] = c * p[i] + s * a[i] + (1 - c) * b * u[i];
    for (int j = 0; j < 3; ++j) {
      Rp.a[i][j] = c * (i == j) + s * ux.a[i][j] + (1 - c) * u[i] * u[j];
      B[i][j] = -s * px.a[i][j] + (1 - c) * (u[i] * p[j] + b * (i == j));
    }
  }
  for (int i = 0; i < 3; ++i) {
    const double t = -s * p[i] + c * a[i] + s * b * u[i];
    for (int j = 0; j < 3; ++j) {
      double v = 0;
      for (int l = 0; l < 3; ++l)
        v += B[i][l] * ((l == j) - u[l] * u[j]) / th;
      Rr.a[i][j] = t * u[j] + v;
    }
  }
}

}  // namespace

void reproj_error_jacobian_hand(const double *cam, const double *X, double w,
                                const double *feat, double err[2],
                                double J[2 * 15]) {
  const double *r = cam, *C = cam + 3;
  const double f = cam[6], k1 = cam[9], k2 = cam[10];
  const double p[3] = {X[0] - C[0], X[1] - C[1], X[2] - C[2]};
  double Xc[3];
  M3 Rp, Rr;
  rotation_jacobians(r, p, Xc, Rp, Rr);

  const double z = Xc[2], q[2] = {Xc[0] / z, Xc[1] / z};
  const double Dq[2][3] = {{1 / z, 0, -Xc[0] / (z * z)},
                           {0, 1 / z, -Xc[1] / (z * z)}};
  const double rho = q[0] * q[0] + q[1] * q[1];
  const double L = 1 + k1 * rho + k2 * rho * rho;
  const double dL = k1 + 2 * k2 * rho;
  double Dd[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      Dd[i][j] = L * (i == j) + 2 * dL * q[i] * q[j];
  const double d[2] = {q[0] * L, q[1] * L};

  for (int i = 0; i < 2; ++i) {
    const double proj = f * d[i] + cam[7 + i];
    err[i] = w * (proj - feat[i]);
    double *row = J + 15 * i;
    double M[3];  // w f (dd/dq dq/dXcam)[i]
    for (int j = 0; j < 3; ++j)
      M[j] = w * f * (Dd[i][0] * Dq[0][j] + Dd[i][1] * Dq[1][j]);
    for (int j = 0; j < 3; ++j) {
      double vr = 0, vp = 0;
      for (int l = 0; l < 3; ++l) {
        vr += M[l] * Rr.a[l][j];
        vp += M[l] * Rp.a[l][j];
      }
      row[j] = vr;       // rotation
      row[3 + j] = -vp;  // centre: dp/dC = -I
      row[11 + j] = vp;  // point: dp/dX = I
    }
    row[6] = w * d[i];  // focal length
    row[7] = w * (i == 0);
    row[8] = w * (i == 1);
    row[9] = w * f * rho * q[i];
    row[10] = w * f * rho * rho * q[i];
    row[14] = proj - feat[i];
  }
}
