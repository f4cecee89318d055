// The storage lowering names: where an assignment lands, pointers into
// arrays, and struct objects by member (the Lowerer's view of C++ places
// as IR variables and arrays).
#pragma once

#include "ir/IR.h"

#include "clang/AST/Decl.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace adgen::lower {

// Where an assignment lands.
// Rows: an element, pointer or pointer local in row `row` of a jagged
// array (Array::jagged: `rows[i][j]`, `const double *r = rows[i];`); null
// for the others.
struct LValue {
  Var *var = nullptr;
  Array *arr = nullptr;
  Op *index = nullptr;
  Op *row = nullptr;
};

struct PointerRef { // into an array: the array, the offset (null: 0)
  Array *arr = nullptr;
  Op *offset = nullptr;
  Op *row = nullptr;
};
/// Where an array argument of a call starts: the offset of its first
/// element (null: 0) and its row of a jagged array (null: none).
struct ArgAt {
  Op *offset = nullptr;
  Op *row = nullptr;
};
/// A pointer local, member or moved parameter: its array and offset
/// variable (null when it never moves: `fixed` is the offset).
struct PointerLocal {
  Array *arr = nullptr;
  Var *offset = nullptr;
  int64_t fixed = 0;
  Op *row = nullptr; // a pointer into a row never moves
};

/// A struct object's storage by member name: a scalar in a variable (or
/// a one-element array, a cell), an array, or a nested object.
struct Object {
  const clang::RecordDecl *record = nullptr;
  std::map<std::string, Var *> vars;
  std::map<std::string, Array *> arrays;
  std::map<std::string, Object> objects;
  bool byValue = false; // a parameter passed by value: arrays read-only
  bool cells = false;   // a local a call writes: scalars in cells
  bool opaque = false;  // a std::vector of passive objects: size() only
  std::string prefix; // a local's: what its members' names start with
  // Pointer members of a local or returned struct that hold nothing (null
  // or never read), and those that point somewhere (pointerMember).
  std::set<std::string> nulls;
  std::map<std::string, PointerLocal> pointers;
  // An array of structs (LowerStructArray.cpp): every member is a leaf
  // array holding it for each element, element k's at [k * stride].
  bool elements = false;
  Op *element = nullptr; // one element of such an array: k (a long)
  Var *cursor = nullptr; // or of a moving struct pointer: read at each use
};

} // namespace adgen::lower
