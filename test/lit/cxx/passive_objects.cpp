// Objects that hold no floating-point value (SPEC §5: "passive integers
// ... and structs whose members are accepted types"; a std::string is
// passive as a whole): a std::vector<std::string> parameter or member is
// one leaf, its size(); a std::string, std::map or std::vector of pairs
// member of a parameter struct is passed nowhere and its shadow is
// ignored. ADBench's hand tracking passes its bone names this way
// (`to_pose_params(theta, model.bone_names, ...)`). Reading such an
// object's elements is refused by name (diagnostics/passive_objects.cpp).
// Against central differences and the dot-product test, float and double;
// the shadow's passive members are checked untouched.
// RUN: adgen %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -Wall -Wextra -Werror -c %t.cpp -o %t.o
// RUN: %cxx -Wno-unknown-pragmas -I%S/../Inputs -DADGEN_DRIVER -DADGEN_GENERATED='"%t.cpp"' %s -o %t.exe
// RUN: %t.exe
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Skeleton {
  std::string name;
  std::vector<std::string> bones;
  std::map<std::string, int> index;
  std::vector<std::pair<int, int>> edges;
  double w[3];
  int n;
};

// CHECK: #include <map>
// CHECK: #include <string>
// CHECK: #include <utility>
// CHECK-LABEL: adgen_flat_weigh_grad(
// CHECK: unsigned long s_bones_size,
// CHECK: const double *s_w,
// CHECK-LABEL: double weigh_grad(const double *x, const Skeleton &s,
// CHECK: s.bones.size()
#pragma adgen jvp grad
double weigh(const double *x, const Skeleton &s) {
  double sum = 0;
  for (std::size_t i = 0; i < s.bones.size(); ++i)
    sum += s.w[i % 3] * std::sin(x[i]) * x[i];
  return sum * static_cast<double>(s.n) + (s.bones.empty() ? 1.0 : s.w[0]);
}

// CHECK-LABEL: void pose_grad(const T *theta,
// CHECK-NEXT: const std::vector<std::string> &bone_names,
#pragma adgen jvp grad instantiate(pose<float>, pose<double>)
template <class T>
void pose(const T *theta, const std::vector<std::string> &bone_names, T *out) {
  int n = static_cast<int>(bone_names.size());
  for (int i = 0; i < n; ++i)
    out[i] = theta[i] * std::cos(theta[i + 1]) + theta[n];
}

#ifdef ADGEN_DRIVER
#include "fd_check.h"
#define ADGEN_NO_USER_TYPES
#include ADGEN_GENERATED

using fd::Vec;

static Skeleton skeleton(const Vec &w, std::size_t bones) {
  Skeleton s;
  s.name = "hand";
  for (std::size_t i = 0; i < bones; ++i)
    s.bones.push_back("bone" + std::to_string(i));
  s.index["wrist"] = 0;
  s.edges = {{0, 1}, {1, 2}};
  for (int k = 0; k < 3; ++k)
    s.w[k] = w[std::size_t(k)];
  s.n = 3;
  return s;
}

static bool untouched(const Skeleton &s, std::size_t bones) {
  return s.name == "hand" && s.bones.size() == bones &&
         s.bones[0] == "bone0" && s.index.size() == 1 && s.edges.size() == 2 &&
         s.n == 3;
}

int main() {
  fd::Rng rng(29);
  for (int t = 0; t < 20; ++t) {
    // weigh: x (bones) then w (3), all summed.
    std::size_t bones = std::size_t(rng.integer(1, 6));
    Vec z0 = rng.vec(int(bones) + 3, -1.5, 1.5);
    auto w = [&](const Vec &z) { return Vec(z.begin() + long(bones), z.end()); };
    bool kept = true;
    fd::check_grad("weigh", fd::at(z0), z0, z0.size(),
        [&](const Vec &z) { return Vec{weigh(z.data(), skeleton(w(z), bones))}; },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          return Vec{weigh_jvp(z.data(), skeleton(w(z), bones), zd.data(),
                               skeleton(w(zd), bones), &(*yd)[0])};
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Skeleton sb = skeleton(w(*zb), bones);
          double y = weigh_grad(z.data(), skeleton(w(z), bones), zb->data(),
                                &sb, yb[0]);
          kept = kept && untouched(sb, bones);
          for (int k = 0; k < 3; ++k)
            (*zb)[bones + std::size_t(k)] = sb.w[k];
          return Vec{y};
        },
        rng);
    fd::check_equal("weigh: the shadow's passive members untouched",
                    fd::at(z0), kept, 1);
    // pose<double>: theta (bones + 1), out (bones) written.
    std::vector<std::string> names(bones, "b");
    Vec p0 = rng.vec(int(bones) + 1, -1.5, 1.5);
    fd::check_grad("pose<double>", fd::at(p0), p0, p0.size(),
        [&](const Vec &z) {
          Vec out(bones);
          pose(z.data(), names, out.data());
          return out;
        },
        [&](const Vec &z, const Vec &zd, Vec *yd) {
          Vec out(bones);
          yd->assign(bones, 0.0);
          pose_jvp(z.data(), names, out.data(), zd.data(), yd->data());
          return out;
        },
        [&](const Vec &z, const Vec &yb, Vec *zb) {
          Vec out(bones), ob = yb;
          pose_grad(z.data(), names, out.data(), zb->data(), ob.data());
          return out;
        },
        rng);
    // pose<float>: against the same differences, at float's precision.
    std::vector<float> th(bones + 1), thd(bones + 1), thb(bones + 1, 0.f);
    std::vector<float> out(bones), outd(bones), outb(bones);
    for (std::size_t i = 0; i <= bones; ++i) {
      th[i] = float(p0[i]);
      thd[i] = float(rng.uniform(-1, 1));
    }
    for (std::size_t i = 0; i < bones; ++i)
      outb[i] = float(rng.uniform(-1, 1));
    pose_jvp(th.data(), names, out.data(), thd.data(), outd.data());
    double lhs = 0, rhs = 0, scale = 0;
    for (std::size_t i = 0; i < bones; ++i) {
      auto at = [&](float h) {
        std::vector<float> z(th), o(bones);
        for (std::size_t k = 0; k <= bones; ++k)
          z[k] += h * thd[k];
        pose(z.data(), names, o.data());
        return o[i];
      };
      fd::check_close("pose<float> jvp", fd::at(p0), outd[i],
                      fd::central_f(at, 0.0f), 2e-3, 2e-3);
      lhs += double(outd[i]) * outb[i];
    }
    pose_grad(th.data(), names, out.data(), thb.data(), outb.data());
    for (std::size_t i = 0; i <= bones; ++i) {
      rhs += double(thb[i]) * thd[i];
      scale += std::fabs(double(thb[i]) * thd[i]);
    }
    fd::check_dot_test("pose<float>", fd::at(p0), lhs, rhs, scale, 1e-5);
  }
  return fd::finish();
}
#endif
