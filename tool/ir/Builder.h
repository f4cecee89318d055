// Builds ops at an insertion point, folding the trivial arithmetic that
// derivative code produces (x*1, x+0, 0*x), so emitted code has no dead ops.
#pragma once

#include "ir/IR.h"

namespace adgen {

class Builder {
public:
  explicit Builder(Function &f) : fn(f), at(&f.body) {}

  Function &function() { return fn; }
  Block *block() const { return at; }
  void setBlock(Block *b) { at = b; }
  void setLoc(SourceLoc l) { loc = l; }
  SourceLoc currentLoc() const { return loc; }

  /// Appends a new op with the given operands to the current block.
  Op *create(OpKind k, Type t, std::vector<Op *> operands = {});

  Op *constant(double v, Type t);
  Op *readVar(Var *v);
  Op *writeVar(Var *v, Op *val);
  Op *decl(Var *v, Op *init = nullptr);
  Op *load(Array *a, Op *idx);
  Op *store(Array *a, Op *idx, Op *val);
  Op *math(MathFn f, std::vector<Op *> args);
  Op *push(Array *tape, Op *v);
  Op *pop(Array *tape);
  Op *cast(Op *v, Type t);
  Op *select(Op *c, Op *a, Op *b);
  /// Creates an If op with empty then/else regions.
  Op *ifOp(Op *cond);
  /// Creates a Loop op with empty cond/body/step regions.
  Op *loop(LoopKind k);

  // Arithmetic with folding of neutral and absorbing constants. A null
  // operand stands for an exact zero (an inactive tangent).
  Op *add(Op *a, Op *b);
  Op *sub(Op *a, Op *b);
  Op *mul(Op *a, Op *b);
  Op *div(Op *a, Op *b);
  Op *neg(Op *a);
  Op *binary(OpKind k, Op *a, Op *b); // no folding

  static bool isConst(const Op *v, double c);

private:
  Function &fn;
  Block *at;
  SourceLoc loc;
};

} // namespace adgen
