// Small helpers for building test functions by hand.
#pragma once

#include "ir/Builder.h"

#include <memory>
#include <string>

namespace adgen::test {

inline std::unique_ptr<Function> newFunction(const std::string &name,
                                             Type ret = Type::Double) {
  auto f = std::make_unique<Function>();
  f->name = name;
  f->retType = ret;
  return f;
}

inline Var *scalarParam(Function &f, const std::string &name,
                        Type t = Type::Double) {
  Var *v = f.newVar(name, t);
  v->paramIndex = static_cast<int>(f.params.size());
  f.params.push_back(Param{v, nullptr});
  return v;
}

inline Array *arrayParam(Function &f, const std::string &name,
                         Type t = Type::Double, bool isConst = false) {
  Array *a = f.newArray(name, t);
  a->isConst = isConst;
  a->paramIndex = static_cast<int>(f.params.size());
  f.params.push_back(Param{nullptr, a});
  return a;
}

inline Op *ret(Builder &b, Op *v = nullptr) {
  return b.create(OpKind::Return, Type::Void,
                  v ? std::vector<Op *>{v} : std::vector<Op *>{});
}

/// `T v = lo; loop for { cond: v < hi; body; step: v = v + 1 }` with the
/// builder left in the body; returns the Loop op. The canonical counted loop
/// Stats and the emitter recognise. Return to the outer block with
/// b.setBlock(loop->block).
inline Op *countedLoop(Builder &b, Var *v, int64_t lo, int64_t hi) {
  b.decl(v, b.constant(static_cast<double>(lo), v->type));
  Op *l = b.loop(LoopKind::For);
  b.setBlock(l->region(0));
  b.create(OpKind::Condition, Type::Void,
           {b.binary(OpKind::Lt, b.readVar(v),
                     b.constant(static_cast<double>(hi), v->type))});
  b.setBlock(l->region(2));
  b.writeVar(v, b.binary(OpKind::Add, b.readVar(v), b.constant(1, v->type)));
  b.setBlock(l->region(1));
  return l;
}

} // namespace adgen::test
