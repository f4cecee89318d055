// Private and protected data members (SPEC §5: classes): a method of a
// class whose state is private, a protected std::vector in a base class
// read by a derived class's method, and a class with private members
// passed by const reference. The wrappers pass the members one by one,
// reading each hidden one through a pointer to member that an explicit
// instantiation forms (adgen_access; such arguments are not
// access-checked), so the class stays as written. The shadows' private
// members accumulate like public ones (read here through getters).
// Against central differences and the dot-product test; the generated
// file compiles warning-free with g++, clang++ and nvcc.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -c %t.cpp -o %t.o
// RUN: clang++-22 -std=c++17 -Wall -Wextra -Werror -I%runtime_include -c %t.cpp -o %t.clang.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <vector>

// CHECK: namespace adgen_access {
// CHECK: template struct rob<Model_w_, &Model::w_>;
// CHECK-LABEL: double Model_f_grad(
// CHECK: (self.*adgen_get(adgen_access::Model_w_{}))
class Model {
  double w_;
  double v_[2];

public:
  double b = 0.5;
  Model(double w, double v0, double v1) : w_(w), v_{v0, v1} {}
  double w() const { return w_; }
  double v(int k) const { return v_[k]; }
#pragma adgen jvp grad
  double f(double x) const {
    return w_ * x * x + b + v_[1] * std::sin(x * v_[0]);
  }
};

class Base {
public:
  explicit Base(int n) : x_(n) {}
  double &at(int k) { return x_[k]; }
  unsigned nx() const { return static_cast<unsigned>(x_.size()); }

protected:
  std::vector<double> x_;
};

// Adept's State: the function reads a protected vector's size only.
struct Rosen : Base {
  explicit Rosen(int n) : Base(n) {}
#pragma adgen jvp grad
  double value(const double *x) const {
    double sum = 0.0;
    for (unsigned i = 0; i + 1 < nx(); i++) {
      double a = x[i + 1] - x[i] * x[i];
      sum += (1.0 - x[i]) * (1.0 - x[i]) + 100.0 * a * a + x_[i] * x[i];
    }
    return sum;
  }
};

class Gauss {
  double mu_, inv_sigma_;

public:
  Gauss(double mu, double s) : mu_(mu), inv_sigma_(1 / s) {}
  double mu() const { return mu_; }
  double inv_sigma() const { return inv_sigma_; }
};

#pragma adgen jvp grad
double nll(const Gauss &g, double y) {
  double z = (y - g.mu()) * g.inv_sigma();
  return 0.5 * z * z - std::log(g.inv_sigma());
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

int main() {
  fd::Rng rng(13);
  for (int t = 0; t < 20; ++t) {
    // Model: w, v0, v1, b, x, all summed.
    Vec z0 = rng.vec(5, -1.2, 1.2);
    auto model = [](const Vec &z) {
      Model m(z[0], z[1], z[2]);
      m.b = z[3];
      return m;
    };
    fd::check_grad("Model::f", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) { return Vec{model(z).f(z[4])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{Model_f_jvp(model(z), z[4], model(zd), zd[4], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Model mb = model(*zb);
          double xb = (*zb)[4];
          double y = Model_f_grad(model(z), z[4], &mb, &xb, yb[0]);
          *zb = {mb.w(), mb.v(0), mb.v(1), mb.b, xb};
          return Vec{y};
        },
        rng);
    // Rosen: x (4) and the protected x_ (4), summed.
    Vec r0 = rng.vec(8, -1.2, 1.2);
    auto rosen = [](const Vec &z) {
      Rosen r(4);
      for (int k = 0; k < 4; ++k)
        r.at(k) = z[4 + std::size_t(k)];
      return r;
    };
    fd::check_grad("Rosen::value", fd::at(r0), r0, r0.size(),
        [&](const Vec &z) { return Vec{rosen(z).value(z.data())}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{Rosen_value_jvp(rosen(z), z.data(), rosen(zd), zd.data(),
                                     &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Rosen rb = rosen(*zb);
          double y = Rosen_value_grad(rosen(z), z.data(), &rb, zb->data(), yb[0]);
          for (int k = 0; k < 4; ++k)
            (*zb)[4 + std::size_t(k)] = rb.at(k);
          return Vec{y};
        },
        rng);
    // nll: mu, 1/sigma (as its own input), y.
    Vec g0 = rng.vec(3, 0.5, 1.5);
    auto gauss = [](const Vec &z) { return Gauss(z[0], 1 / z[1]); };
    fd::check_grad("nll", fd::at(g0), g0, g0.size(),
        [&](const Vec &z) { return Vec{nll(gauss(z), z[2])}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          // The tangent of 1/sigma is zd[1] itself: a Gauss holding the
          // tangents as its members.
          Gauss d(zd[0], 1 / zd[1]);
          return Vec{nll_jvp(gauss(z), z[2], d, zd[2], &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Gauss gb((*zb)[0], 1 / (*zb)[1]);
          double yb2 = (*zb)[2];
          double y = nll_grad(gauss(z), z[2], &gb, &yb2, yb[0]);
          *zb = {gb.mu(), gb.inv_sigma(), yb2};
          return Vec{y};
        },
        rng);
  }
  return fd::finish();
}
#endif
