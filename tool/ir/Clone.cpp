#include "ir/Clone.h"

namespace adgen {

Var *Remap::var(const Var *v) const {
  auto it = vars.find(v);
  return it == vars.end() ? const_cast<Var *>(v) : it->second;
}

Array *Remap::array(const Array *a) const {
  auto it = arrays.find(a);
  return it == arrays.end() ? const_cast<Array *>(a) : it->second;
}

void Remap::mapVar(const Var *from, Var *to) {
  vars[from] = to;
  varSource[to] = from;
}

void Remap::mapArray(const Array *from, Array *to) {
  arrays[from] = to;
  arraySource[to] = from;
}

const Var *Remap::source(const Var *copy) const {
  auto it = varSource.find(copy);
  return it == varSource.end() ? nullptr : it->second;
}

const Array *Remap::source(const Array *copy) const {
  auto it = arraySource.find(copy);
  return it == arraySource.end() ? nullptr : it->second;
}

Remap Remap::storageOnly() const {
  Remap r = *this;
  r.values.clear();
  return r;
}

Op *cloneOp(Builder &b, const Op &o, Remap &m) {
  SourceLoc saved = b.currentLoc();
  b.setLoc(o.loc);
  Op *n = b.create(o.kind, o.type);
  b.setLoc(saved);
  for (const Op *x : o.operands) {
    auto it = m.values.find(x);
    n->operands.push_back(it != m.values.end() ? it->second
                                               : const_cast<Op *>(x));
  }
  n->num = o.num;
  n->var = o.var ? m.var(o.var) : nullptr;
  n->arr = o.arr ? m.array(o.arr) : nullptr;
  n->fn = o.fn;
  n->callee = o.callee;
  n->externName = o.externName;
  for (const Array *a : o.arrays)
    n->arrays.push_back(m.array(a));
  n->argOrder = o.argOrder;
  n->literals = o.literals;
  n->arrayOffsets = o.arrayOffsets;
  n->arrayRows = o.arrayRows;
  n->loopKind = o.loopKind;
  n->policy = o.policy;
  n->method = o.method;
  n->role = o.role;
  n->comment = o.comment;
  n->tangentProduct = o.tangentProduct;
  m.values[&o] = n;
  for (auto &r : o.regions) {
    n->regions.push_back(std::make_unique<Block>());
    n->regions.back()->parent = n;
    Block *saved = b.block();
    b.setBlock(n->regions.back().get());
    cloneBlock(b, *r, m);
    b.setBlock(saved);
  }
  return n;
}

void cloneBlock(Builder &b, const Block &src, Remap &m) {
  for (auto &o : src.ops)
    cloneOp(b, *o, m);
}

void copyStorage(const Function &f, Function &d, Remap &m) {
  for (auto &v : f.vars) {
    Var *n = d.newVar(v->name, v->type);
    *n = *v;
    m.mapVar(v.get(), n);
  }
  for (auto &a : f.arrays) {
    Array *n = d.newArray(a->name, a->elemType);
    *n = *a;
    m.mapArray(a.get(), n);
  }
  for (auto &a : f.arrays)
    if (a->stride)
      m.arrays.at(a.get())->stride = m.vars.at(a->stride);
  for (const Param &p : f.params)
    d.params.push_back(Param{p.var ? m.vars.at(p.var) : nullptr,
                             p.arr ? m.arrays.at(p.arr) : nullptr, p.role,
                             p.shadowOf});
  d.arena = f.arena ? m.arrays.at(f.arena) : nullptr;
}

std::unique_ptr<Function> cloneFunction(const Function &f) {
  auto d = std::make_unique<Function>();
  d->name = f.name;
  d->nameSpace = f.nameSpace;
  d->retType = f.retType;
  d->sourceFile = f.sourceFile;
  d->loc = f.loc;
  d->isInternal = f.isInternal;
  d->doc = f.doc;
  d->signature = f.signature;
  d->adjoint = f.adjoint;
  d->tmpl = f.tmpl;
  d->overload = f.overload;
  Remap m;
  copyStorage(f, *d, m);
  Builder b(*d);
  cloneBlock(b, f.body, m);
  return d;
}

void replaceUses(Block &blk, const Op *from, Op *to) {
  for (auto &o : blk.ops) {
    for (Op *&x : o->operands)
      if (x == from)
        x = to;
    for (auto &r : o->regions)
      replaceUses(*r, from, to);
  }
}

} // namespace adgen
