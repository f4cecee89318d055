// adgen::Scratch<T>: a local array whose extent is known at run time only,
// as generated code declares heap scratch of the source (`new T[n]`,
// `malloc(n * sizeof(T))`, a local `std::vector<T> v(n)`) and its adjoint
// or tangent. Zero-filled, freed at the end of its scope, not copyable.
#pragma once

#include <cstddef>

#include "adgen/hd.h"

namespace adgen {

template <class T> class Scratch {
public:
  ADGEN_HD explicit Scratch(long long n)
      : p_(n > 0 ? new T[static_cast<std::size_t>(n)]() : nullptr) {}
  ADGEN_HD ~Scratch() { delete[] p_; }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;

  ADGEN_HD T &operator[](long long i) { return p_[i]; }
  ADGEN_HD const T &operator[](long long i) const { return p_[i]; }
  ADGEN_HD T *data() { return p_; }
  ADGEN_HD const T *data() const { return p_; }

private:
  T *p_;
};

} // namespace adgen
