#include "transform/Inline.h"

#include "ir/Clone.h"
#include "transform/Structure.h"

#include <set>

namespace adgen {
namespace {

class Inliner {
public:
  explicit Inliner(Function &f) : f(f), b(f) {
    for (auto &v : f.vars)
      names.insert(v->name);
    for (auto &a : f.arrays)
      names.insert(a->name);
  }

  int run() {
    block(f.body);
    return count;
  }

private:
  std::string unique(const std::string &base) {
    std::string n = base;
    for (int i = 1; names.count(n); ++i)
      n = base + "_" + std::to_string(i);
    names.insert(n);
    return n;
  }

  void block(Block &blk) {
    for (size_t i = 0; i < blk.ops.size(); ++i) {
      for (auto &r : blk.ops[i]->regions)
        block(*r);
      if (blk.ops[i]->kind == OpKind::Call)
        i = inlineAt(blk, i);
    }
  }

  /// Replaces the call at blk.ops[i]; returns the index of the last op
  /// written in its place (the inlined body has no calls left).
  size_t inlineAt(Block &blk, size_t i) {
    std::unique_ptr<Op> call = std::move(blk.ops[i]);
    blk.ops.erase(blk.ops.begin() + static_cast<long>(i));
    std::vector<std::unique_ptr<Op>> tail;
    for (size_t k = i; k < blk.ops.size(); ++k)
      tail.push_back(std::move(blk.ops[k]));
    blk.ops.resize(i);

    // The callee with its own calls inlined and one final return.
    auto g = cloneFunction(*call->callee);
    inlineCalls(*g);
    if (hasJumps(*g))
      structureJumps(*g);

    Remap m;
    const std::string prefix = g->name + "_";
    for (auto &v : g->vars)
      if (v->paramIndex < 0)
        m.vars[v.get()] = f.newVar(unique(prefix + v->name), v->type);
    for (auto &a : g->arrays)
      if (a->paramIndex < 0) {
        Array *n = f.newArray(unique(prefix + a->name), a->elemType);
        std::string nm = n->name;
        *n = *a;
        n->name = nm;
        m.arrays[a.get()] = n;
      }
    b.setBlock(&blk);
    b.setLoc(call->loc);
    // Parameters: scalars become initialised locals, arrays the caller's.
    for (size_t k = 0; k < g->params.size(); ++k) {
      int a = call->argOrder[k];
      const Param &p = g->params[k];
      if (p.var) {
        Var *v = f.newVar(unique(prefix + p.var->name), p.var->type);
        m.vars[p.var] = v;
        b.decl(v, call->operands[a]);
      } else {
        m.arrays[p.arr] = call->arrays[~a];
      }
    }
    Op *result = nullptr;
    for (auto &o : g->body.ops) {
      if (o->kind == OpKind::Return) {
        if (!o->operands.empty()) {
          Var *r = f.newVar(unique(prefix + "result"), g->retType);
          b.decl(r, m.values.at(o->operands[0]));
          result = b.readVar(r);
        }
        break;
      }
      cloneOp(b, *o, m);
    }
    size_t last = blk.ops.size() - 1;
    for (auto &op : tail)
      blk.ops.push_back(std::move(op));
    if (result)
      replaceUses(f.body, call.get(), result);
    ++count;
    return last;
  }

  Function &f;
  Builder b;
  std::set<std::string> names;
  int count = 0;
};

} // namespace

int inlineCalls(Function &f) { return Inliner(f).run(); }

} // namespace adgen
