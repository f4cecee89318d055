// Builds ops at an insertion point, folding the trivial arithmetic that
// derivative code produces (x*1, x+0, 0*x), so emitted code has no dead ops.
#pragma once

#include "ir/IR.h"

#include <functional>

namespace adgen {

class Builder {
public:
  explicit Builder(Function &f) : fn(f), at(&f.body) {}

  /// Where new ops go: before `before` in `block`, or at its end when
  /// `before` is null.
  struct InsertPoint {
    Block *block = nullptr;
    Op *before = nullptr;
    static InsertPoint start(Block *b) {
      return {b, b->ops.empty() ? nullptr : b->ops.front().get()};
    }
    static InsertPoint beforeOp(Op *op) { return {op->block, op}; }
    /// Right after op (before what follows it now).
    static InsertPoint afterOp(Op *op) {
      size_t i = op->block->indexOf(op) + 1;
      return {op->block,
              i < op->block->ops.size() ? op->block->ops[i].get() : nullptr};
    }
  };

  /// Restores the builder's insertion point when it goes out of scope.
  class Restore {
  public:
    explicit Restore(Builder &b) : b(b), saved(b.insertPoint()) {}
    ~Restore() { b.setInsertPoint(saved); }
    Restore(const Restore &) = delete;
    Restore &operator=(const Restore &) = delete;

  private:
    Builder &b;
    InsertPoint saved;
  };

  Function &function() { return fn; }
  Block *block() const { return at; }
  /// New ops go to the end of `b`.
  void setBlock(Block *b) {
    at = b;
    before = nullptr;
  }
  InsertPoint insertPoint() const { return {at, before}; }
  void setInsertPoint(InsertPoint p) {
    at = p.block;
    before = p.before;
  }
  void setLoc(SourceLoc l) { loc = l; }
  SourceLoc currentLoc() const { return loc; }

  /// Creates an op with the given operands at the insertion point.
  Op *create(OpKind k, Type t, std::vector<Op *> operands = {});

  /// `for (counter = 0; counter < count; ++counter) { body(counter) }`
  /// with the declaration of `counter` before it; returns the loop.
  Op *countedLoop(Var *counter, Op *count,
                  const std::function<void(Op *)> &body);

  Op *constant(double v, Type t);
  Op *readVar(Var *v);
  Op *writeVar(Var *v, Op *val);
  Op *decl(Var *v, Op *init = nullptr);
  /// Declares a (Array::heap: `count` elements) local array.
  Op *declArray(Array *a, Op *count = nullptr);
  /// Declares `a` (a shadow) with the count of the DeclArray `like`: none,
  /// or a heap array's count read again.
  Op *declArrayLike(Array *a, const Op &like);
  /// a[idx]; a[row][idx] of a jagged a (Array::jagged), which needs row.
  Op *load(Array *a, Op *idx, Op *row = nullptr);
  Op *store(Array *a, Op *idx, Op *val, Op *row = nullptr);
  Op *math(MathFn f, std::vector<Op *> args);
  Op *push(Array *tape, Op *v);
  Op *pop(Array *tape);
  /// tape.pushFrom(from, n) / tape.popInto(to, n): an array's n elements.
  Op *pushArray(Array *tape, Array *from, Op *n);
  Op *popArray(Array *tape, Array *to, Op *n);
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
  Op *before = nullptr;
  SourceLoc loc;
};

} // namespace adgen
