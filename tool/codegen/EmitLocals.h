// How a local array is declared in generated code (EmitLocals.cpp).
#pragma once

#include "ir/IR.h"

#include <functional>
#include <string>

namespace adgen {

/// The declaration of DeclArray `o`'s array: a runtime object or tape
/// (taking memory from `arena` when not empty), a scalar cell, heap scratch
/// (`adgen::Scratch<T> p(n)`, a local of rows as a std::vector of
/// std::vectors), or a fixed-size array with its initialiser. `ex` spells
/// an operand.
std::string arrayDeclaration(const Op &o, const std::string &arena,
                             const std::function<std::string(const Op *)> &ex);

} // namespace adgen
