// Bundle adjustment's reprojection residual, after ADBench's C++ (Srajer,
// Fitzgibbon and Kozlov, 2018, itself after Ceres' angle-axis rotation):
// sub-pointers into the camera (&cam[3], &cam[6], ...), the Rodrigues
// rotation with its branch for a zero angle, radial distortion, and the
// residual of an observation, and ADBench's ba_objective over many
// observations. Differentiated w.r.t. cameras, points and weights.
#include "ba.h"

#include <cmath>

static double sqsum(int n, const double *const x) {
  double res = 0;
  for (int i = 0; i < n; i++)
    res = res + x[i] * x[i];
  return res;
}

static void cross(const double *const a, const double *const b, double *out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

// rotatedPt = R(rot) pt, R = I + sin(theta) [n]x + (1 - cos(theta)) [n]x^2,
// n = rot / theta; at theta = 0 its first-order form pt + rot x pt.
static void rodrigues_rotate_point(const double *const rot,
                                   const double *const pt,
                                   double *rotatedPt) {
  double sqtheta = sqsum(3, rot);
  if (sqtheta != 0) {
    double theta = std::sqrt(sqtheta);
    double costheta = std::cos(theta);
    double sintheta = std::sin(theta);
    double theta_inverse = 1.0 / theta;
    double w[3], w_cross_pt[3];
    for (int i = 0; i < 3; i++)
      w[i] = rot[i] * theta_inverse;
    cross(w, pt, w_cross_pt);
    double tmp = (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1. - costheta);
    for (int i = 0; i < 3; i++)
      rotatedPt[i] = pt[i] * costheta + w_cross_pt[i] * sintheta + w[i] * tmp;
  } else {
    double rot_cross_pt[3];
    cross(rot, pt, rot_cross_pt);
    for (int i = 0; i < 3; i++)
      rotatedPt[i] = pt[i] + rot_cross_pt[i];
  }
}

static void radial_distort(const double *const rad_params, double *proj) {
  double rsq = sqsum(2, proj);
  double L = 1. + rad_params[0] * rsq + rad_params[1] * rsq * rsq;
  proj[0] = proj[0] * L;
  proj[1] = proj[1] * L;
}

static void project(const double *const cam, const double *const X,
                    double *proj) {
  const double *const rot = &cam[0];
  const double *const C = &cam[3];
  const double *const f = &cam[6];
  const double *const x0 = &cam[7];
  const double *const rad = &cam[9];
  double Xo[3], Xcam[3];
  Xo[0] = X[0] - C[0];
  Xo[1] = X[1] - C[1];
  Xo[2] = X[2] - C[2];
  rodrigues_rotate_point(rot, Xo, Xcam);
  proj[0] = Xcam[0] / Xcam[2];
  proj[1] = Xcam[1] / Xcam[2];
  radial_distort(rad, proj);
  proj[0] = proj[0] * f[0] + x0[0];
  proj[1] = proj[1] * f[0] + x0[1];
}

// ADBench's residual of one observation, err[0..1], and of its weight.
void computeReprojError(const double *const cam, const double *const X,
                        const double *const w, const double *const feat,
                        double *err) {
  double proj[2];
  project(cam, X, proj);
  err[0] = (*w) * (proj[0] - feat[0]);
  err[1] = (*w) * (proj[1] - feat[1]);
}

void computeZachWeightError(const double *const w, double *err) {
  *err = 1 - (*w) * (*w);
}

// The same residual with a scalar weight and double & outputs, for its
// 2 x 15 Jacobian.
#pragma adgen jvp(cam, X, w) grad(cam, X, w)
void computeReprojError(const double *cam, const double *X, double w,
                        const double *feat, double &err0, double &err1) {
  double proj[2];
  project(cam, X, proj);
  err0 = w * (proj[0] - feat[0]);
  err1 = w * (proj[1] - feat[1]);
}

// ADBench's objective: n cameras, m points, p observations (obs[2 i] the
// camera and obs[2 i + 1] the point of observation i); reproj_err gets 2 p
// residuals, w_err p.
#pragma adgen grad(cams, X, w) jvp(cams, X, w)
void ba_objective([[maybe_unused]] int n, [[maybe_unused]] int m, int p,
                  const double *const cams, const double *const X,
                  const double *const w, const int *const obs,
                  const double *const feats, double *reproj_err,
                  double *w_err) {
  for (int i = 0; i < p; i++) {
    int camIdx = obs[i * 2 + 0];
    int ptIdx = obs[i * 2 + 1];
    computeReprojError(&cams[camIdx * BA_NCAMPARAMS], &X[ptIdx * 3], &w[i],
                       &feats[i * 2], &reproj_err[2 * i]);
  }
  for (int i = 0; i < p; i++)
    computeZachWeightError(&w[i], &w_err[i]);
}
