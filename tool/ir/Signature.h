// The user's signature where it is not the IR's (SPEC §5): a reference, a
// struct or a pointer to a struct is lowered to one IR parameter per scalar
// or array member it holds (its leaves, as LLVM's SROA splits aggregates),
// so every pass sees scalars and arrays only, and activity is per member.
// The emitter prints the derivative functions with the user's signature
// around the flat ones (codegen/EmitSignature.cpp).
#pragma once

#include <string>
#include <vector>

namespace adgen {

/// How a parameter is passed.
enum class Passing { Value, ConstRef, Ref, ConstPointer, Pointer };

/// One IR parameter of a user parameter: its index in Function::params and
/// the members that lead to it from the object ({} for a scalar reference).
struct Leaf {
  int param = -1;
  std::vector<std::string> path; // {"pos", "x"} for s.pos.x
  // Per path member: the accessor of a private or protected one (the
  // wrapper reads it as `s.*adgen_get(adgen_access::TAG{})`), else "".
  std::vector<std::string> hidden = {};
  // A scalar member of an array of structs: the flat array starts at the
  // first element's member, `&pts[0].x` (element k's is at k * stride).
  bool address = false;
};

/// One parameter as the user wrote it.
struct UserParam {
  std::string name;
  std::string typeName; // the unqualified type: "double", "Vec3"
  Passing passing = Passing::Value;
  bool aggregate = false; // a struct or class (else a scalar reference)
  bool self = false;      // a method's object (`this`), first
  bool result = false;    // a returned struct, written through, last
  // A 2-D array parameter `double A[3][3]` (a pointer to rows in C++):
  // typeName is its row type `adgen::row<double, 3>`, the one leaf the
  // flat array; the wrapper passes `A[0]`.
  bool rows = false;
  std::vector<Leaf> leaves;
};

/// True when `p` may be written through (its leaves are writable).
inline bool writable(Passing p) {
  return p == Passing::Ref || p == Passing::Pointer;
}

} // namespace adgen
