// A std::vector of strings (or any object holding no floating-point value)
// is passive as a whole and only its size() is read (cxx/passive_objects.cpp);
// reading its elements, or calling a member of a std::string, is refused
// with the object's own type and a hint.
// RUN: rm -f %t.cpp
// RUN: not adgen %s -o %t.cpp 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="PLEASE submit"
// RUN: not test -e %t.cpp
#include <string>
#include <vector>

#pragma adgen grad
double lengths(const double *x, const std::vector<std::string> &names) {
  double s = 0;
  for (std::size_t i = 0; i < names.size(); ++i)
    // CHECK: {{.*}}passive_objects_read.cpp:[[@LINE+2]]:37: error: reading the elements of 'names' (std::vector<std::string>, which holds no floating-point value) is not supported by adgen
    // CHECK: note: hint: adgen reads only its size(); pass what the elements give as integers (a std::vector<int> of lengths or indices)
    s += x[i] * static_cast<double>(names[i].size());
  return s;
}

struct Named {
  std::string label;
  double w;
};

#pragma adgen grad
double labelled(const Named &n) {
  // CHECK: {{.*}}passive_objects_read.cpp:[[@LINE+2]]:44: error: 'size()' on 'n.label' (std::string, which holds no floating-point value) is not supported by adgen
  // CHECK: note: hint: adgen keeps calls whose arguments are numbers; pass what it gives as an integer parameter
  return n.w * static_cast<double>(n.label.size());
}
