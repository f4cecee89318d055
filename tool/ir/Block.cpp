// Editing blocks: inserting, moving and removing ops (see IR.h).
#include "ir/IR.h"

#include <cassert>

namespace adgen {

size_t Block::indexOf(const Op *op) const {
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].get() == op)
      return i;
  return ops.size();
}

Op *Block::insert(size_t at, std::unique_ptr<Op> op) {
  assert(at <= ops.size());
  op->block = this;
  Op *raw = op.get();
  ops.insert(ops.begin() + static_cast<long>(at), std::move(op));
  return raw;
}

std::unique_ptr<Op> Block::take(const Op *op) {
  size_t i = indexOf(op);
  assert(i < ops.size() && "op is not in this block");
  std::unique_ptr<Op> keep = std::move(ops[i]);
  ops.erase(ops.begin() + static_cast<long>(i));
  keep->block = nullptr;
  return keep;
}

void Block::erase(const Op *op) { take(op); }

void Block::erase(size_t from, size_t to) {
  assert(from <= to && to <= ops.size());
  ops.erase(ops.begin() + static_cast<long>(from),
            ops.begin() + static_cast<long>(to));
}

void Block::splice(size_t at, Block &from) {
  assert(at <= ops.size());
  for (auto &op : from.ops)
    op->block = this;
  ops.insert(ops.begin() + static_cast<long>(at),
             std::make_move_iterator(from.ops.begin()),
             std::make_move_iterator(from.ops.end()));
  from.ops.clear();
}

void Block::moveTail(size_t from, Block &to) {
  assert(from <= ops.size());
  for (size_t i = from; i < ops.size(); ++i) {
    ops[i]->block = &to;
    to.ops.push_back(std::move(ops[i]));
  }
  ops.resize(from);
}

void moveBefore(Op *op, Op *before, Block *into) {
  Block *to = before ? before->block : into;
  assert(to && "moveBefore needs a place");
  std::unique_ptr<Op> keep = op->block->take(op);
  to->insert(before ? to->indexOf(before) : to->ops.size(), std::move(keep));
}

std::unique_ptr<Function> newFunctionLike(const Function &f,
                                          const std::string &name) {
  auto n = std::make_unique<Function>();
  n->name = name;
  n->nameSpace = f.nameSpace;
  n->retType = f.retType;
  n->sourceFile = f.sourceFile;
  n->loc = f.loc;
  n->signature = f.signature;
  n->tmpl = f.tmpl;
  n->overload = f.overload;
  return n;
}

std::string instanceName(const Function &f) {
  std::string n = f.tmpl ? f.name + "_" + f.tmpl->id : f.name;
  return f.overload ? n + "_" + std::to_string(f.overload) : n;
}

} // namespace adgen
