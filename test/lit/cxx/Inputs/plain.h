// A user header without directives, included right after one
// (cxx/header_directives.cpp): the directive skips over it.
#pragma once
inline double twice(double x) { return 2 * x; }
