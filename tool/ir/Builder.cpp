#include "ir/Builder.h"

namespace adgen {

Op *Builder::create(OpKind k, Type t, std::vector<Op *> operands) {
  auto op = std::make_unique<Op>(k, t);
  op->operands = std::move(operands);
  op->loc = loc;
  if (!before) {
    op->block = at;
    Op *raw = op.get();
    at->ops.push_back(std::move(op));
    return raw;
  }
  return at->insert(at->indexOf(before), std::move(op));
}

Op *Builder::countedLoop(Var *counter, Op *count,
                         const std::function<void(Op *)> &body) {
  Type t = counter->type;
  decl(counter, constant(0, t));
  Op *lp = loop(LoopKind::For);
  Restore restore(*this);
  setBlock(lp->region(0));
  create(OpKind::Condition, Type::Void,
         {binary(OpKind::Lt, readVar(counter), count)});
  setBlock(lp->region(1));
  body(readVar(counter));
  setBlock(lp->region(2));
  writeVar(counter, binary(OpKind::Add, readVar(counter), constant(1, t)));
  return lp;
}

Op *Builder::constant(double v, Type t) {
  Op *c = create(OpKind::Const, t);
  c->num = v;
  return c;
}

Op *Builder::readVar(Var *v) {
  Op *r = create(OpKind::ReadVar, v->type);
  r->var = v;
  return r;
}

Op *Builder::writeVar(Var *v, Op *val) {
  Op *w = create(OpKind::WriteVar, Type::Void, {val});
  w->var = v;
  return w;
}

Op *Builder::decl(Var *v, Op *init) {
  Op *d = create(OpKind::Decl, Type::Void);
  if (init)
    d->operands.push_back(init);
  d->var = v;
  return d;
}

Op *Builder::declArray(Array *a, Op *count) {
  Op *d = create(OpKind::DeclArray, Type::Void);
  if (count)
    d->operands.push_back(count);
  d->arr = a;
  return d;
}

Op *Builder::declArrayLike(Array *a, const Op &like) {
  std::vector<Op *> counts; // a heap array's count (and row length)
  for (Op *count : like.operands)
    counts.push_back(count->kind == OpKind::ReadVar ? readVar(count->var)
                                                    : count);
  Op *d = declArray(a);
  d->operands = counts;
  return d;
}

Op *Builder::load(Array *a, Op *idx, Op *row) {
  Op *l = create(OpKind::Load, a->elemType, {idx});
  if (row)
    l->operands.push_back(row);
  l->arr = a;
  return l;
}

Op *Builder::store(Array *a, Op *idx, Op *val, Op *row) {
  Op *s = create(OpKind::Store, Type::Void, {idx, val});
  if (row)
    s->operands.push_back(row);
  s->arr = a;
  return s;
}

Op *Builder::math(MathFn f, std::vector<Op *> args) {
  Type t = args.front()->type;
  Op *m = create(OpKind::Math, t, std::move(args));
  m->fn = f;
  return m;
}

Op *Builder::push(Array *tape, Op *v) {
  Op *p = create(OpKind::Push, Type::Void, {v});
  p->arr = tape;
  return p;
}

Op *Builder::pop(Array *tape) {
  Op *p = create(OpKind::Pop, tape->elemType);
  p->arr = tape;
  return p;
}

Op *Builder::pushArray(Array *tape, Array *from, Op *n) {
  Op *p = create(OpKind::PushArray, Type::Void, {n});
  p->arr = tape;
  p->arrays = {from};
  return p;
}

Op *Builder::popArray(Array *tape, Array *to, Op *n) {
  Op *p = create(OpKind::PopArray, Type::Void, {n});
  p->arr = tape;
  p->arrays = {to};
  return p;
}

Op *Builder::cast(Op *v, Type t) {
  if (v->type == t)
    return v;
  if (v->kind == OpKind::Const && (isFloating(t) || isInteger(t)))
    return constant(isInteger(t)
                        ? static_cast<double>(static_cast<long long>(v->num))
                        : v->num,
                    t);
  return create(OpKind::Cast, t, {v});
}

Op *Builder::select(Op *c, Op *a, Op *b) {
  if (c->kind == OpKind::Const)
    return c->num != 0 ? a : b;
  return create(OpKind::Select, a->type, {c, a, b});
}

Op *Builder::ifOp(Op *cond) {
  Op *i = create(OpKind::If, Type::Void, {cond});
  for (int r = 0; r < 2; ++r) {
    i->regions.push_back(std::make_unique<Block>());
    i->regions.back()->parent = i;
  }
  return i;
}

Op *Builder::loop(LoopKind k) {
  Op *l = create(OpKind::Loop, Type::Void);
  l->loopKind = k;
  for (int r = 0; r < 3; ++r) {
    l->regions.push_back(std::make_unique<Block>());
    l->regions.back()->parent = l;
  }
  return l;
}

bool Builder::isConst(const Op *v, double c) {
  return v && v->kind == OpKind::Const && v->num == c;
}

/// a k b for constants, as C++ computes it; false when not folded.
static bool foldConstants(OpKind k, Type t, double x, double y, double &r) {
  bool integer = isInteger(t);
  switch (k) {
  case OpKind::Add:
    r = x + y;
    break;
  case OpKind::Sub:
    r = x - y;
    break;
  case OpKind::Mul:
    r = x * y;
    break;
  case OpKind::Lt:
    r = x < y;
    return true;
  case OpKind::Le:
    r = x <= y;
    return true;
  case OpKind::Gt:
    r = x > y;
    return true;
  case OpKind::Ge:
    r = x >= y;
    return true;
  case OpKind::Eq:
    r = x == y;
    return true;
  case OpKind::Ne:
    r = x != y;
    return true;
  default:
    return false;
  }
  // Integers only where the result is exact (no overflow to care about).
  return !integer || (r == static_cast<double>(static_cast<long long>(r)) &&
                      r > -9e15 && r < 9e15);
}

Op *Builder::binary(OpKind k, Op *a, Op *b) {
  double folded;
  if (a->kind == OpKind::Const && b->kind == OpKind::Const &&
      a->type == b->type && (isInteger(a->type) || a->type == Type::Bool) &&
      foldConstants(k, a->type, a->num, b->num, folded)) {
    bool cmp = k == OpKind::Lt || k == OpKind::Le || k == OpKind::Gt ||
               k == OpKind::Ge || k == OpKind::Eq || k == OpKind::Ne;
    return constant(folded, cmp ? Type::Bool : a->type);
  }
  Type t = a->type;
  if (k == OpKind::Lt || k == OpKind::Le || k == OpKind::Gt ||
      k == OpKind::Ge || k == OpKind::Eq || k == OpKind::Ne ||
      k == OpKind::And || k == OpKind::Or)
    t = Type::Bool;
  return create(k, t, {a, b});
}

Op *Builder::add(Op *a, Op *b) {
  if (!a || isConst(a, 0))
    return b;
  if (!b || isConst(b, 0))
    return a;
  if (b->kind == OpKind::Neg)
    return binary(OpKind::Sub, a, b->operands[0]);
  return binary(OpKind::Add, a, b);
}

Op *Builder::sub(Op *a, Op *b) {
  if (!b || isConst(b, 0))
    return a;
  if (!a || isConst(a, 0))
    return neg(b);
  return binary(OpKind::Sub, a, b);
}

Op *Builder::mul(Op *a, Op *b) {
  if (!a || !b || isConst(a, 0) || isConst(b, 0))
    return nullptr;
  if (isConst(a, 1))
    return b;
  if (isConst(b, 1))
    return a;
  if (isConst(a, -1))
    return neg(b);
  if (isConst(b, -1))
    return neg(a);
  return binary(OpKind::Mul, a, b);
}

Op *Builder::div(Op *a, Op *b) {
  if (!a || isConst(a, 0))
    return nullptr;
  if (isConst(b, 1))
    return a;
  return binary(OpKind::Div, a, b);
}

Op *Builder::neg(Op *a) {
  if (!a)
    return nullptr;
  if (a->kind == OpKind::Const)
    return constant(-a->num, a->type);
  if (a->kind == OpKind::Neg)
    return a->operands[0];
  return create(OpKind::Neg, a->type, {a});
}

} // namespace adgen
