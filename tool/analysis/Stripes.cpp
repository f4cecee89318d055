#include "analysis/Stripes.h"

#include "analysis/Loops.h"

#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace adgen {

namespace {

/// c + Σ kᵥ·v over symbols v (integers the loop does not write).
struct Lin {
  int64_t c = 0;
  std::map<const Var *, int64_t> k;

  bool isConst() const { return k.empty(); }
  Lin operator+(const Lin &o) const {
    Lin r = *this;
    r.c += o.c;
    for (auto &[v, n] : o.k)
      if ((r.k[v] += n) == 0)
        r.k.erase(v);
    return r;
  }
  Lin scaled(int64_t s) const {
    Lin r;
    if (s == 0)
      return r;
    r.c = c * s;
    for (auto &[v, n] : k)
      r.k[v] = n * s;
    return r;
  }
  Lin operator-(const Lin &o) const { return *this + o.scaled(-1); }
  bool operator==(const Lin &o) const { return c == o.c && k == o.k; }
};

/// The value of an integer index over the loop: a·t + [lo, hi], t the
/// loop's counter, a, lo and hi linear in symbols.
struct Affine {
  Lin a, lo, hi;
  bool exact() const { return a.isConst() && a.c == 0 && lo == hi; }
};

/// `d` < 0 for every value of the symbols: d is a negative constant.
bool negative(const Lin &d) { return d.isConst() && d.c < 0; }

/// `d` < 0 given `coef` >= 1 (the stripe width, once a store runs): d is
/// c + k·coef with k <= 0 and c + k < 0 (`row - H` below `row`: -H).
bool negativeGivenWidth(const Lin &d, const Lin &coef) {
  if (negative(d))
    return true;
  if (coef.isConst())
    return false;
  auto [v, n] = *coef.k.begin();
  auto dv = d.k.find(v);
  if (dv == d.k.end() || dv->second % n != 0)
    return false;
  int64_t k = dv->second / n;
  Lin rest = d - coef.scaled(k);
  return k <= 0 && rest.isConst() && rest.c + k < 0;
}

class Evaluator {
public:
  Evaluator(const Op &loop, const Var *counter) : loop_(loop), t_(counter) {
    for (auto &r : loop.regions)
      walk(*r, [&](const Op &x) {
        if (const Var *v = varWritten(x))
          writes_[v].push_back(&x);
      });
    const Block *body = loop.block;
    while (body->parent)
      body = body->parent->block;
    walk(*body, [&](const Op &x) {
      if (const Var *v = varWritten(x))
        everyWrite_[v].push_back(&x);
    });
  }

  /// Index `v` at op `at` (the op reading it, for the loops around it).
  std::optional<Affine> eval(const Op *v, const Op *at) {
    if (!isInteger(v->type) || ++depth_ > 256)
      return std::nullopt;
    auto r = evalOp(v, at);
    --depth_;
    return r;
  }

private:
  std::optional<Affine> evalOp(const Op *v, const Op *at) {
    switch (v->kind) {
    case OpKind::Const: {
      if (v->num != std::floor(v->num) || std::fabs(v->num) > 1e15)
        return std::nullopt;
      Lin c;
      c.c = static_cast<int64_t>(v->num);
      return Affine{Lin{}, c, c};
    }
    case OpKind::ReadVar:
      return readVar(v->var, at);
    case OpKind::Cast:
      return eval(v->operands[0], at);
    case OpKind::Neg:
      return scale(eval(v->operands[0], at), -1);
    case OpKind::Add:
    case OpKind::Sub: {
      auto x = eval(v->operands[0], at), y = eval(v->operands[1], at);
      if (!x || !y)
        return std::nullopt;
      if (v->kind == OpKind::Add)
        return Affine{x->a + y->a, x->lo + y->lo, x->hi + y->hi};
      return Affine{x->a - y->a, x->lo - y->hi, x->hi - y->lo};
    }
    case OpKind::Mul:
      return mul(eval(v->operands[0], at), eval(v->operands[1], at));
    default:
      return std::nullopt;
    }
  }

  static std::optional<Affine> scale(std::optional<Affine> x, int64_t s) {
    if (!x)
      return std::nullopt;
    Affine r{x->a.scaled(s), x->lo.scaled(s), x->hi.scaled(s)};
    if (s < 0)
      std::swap(r.lo, r.hi);
    return r;
  }

  /// x · y where one is a constant, or one is exact and the other a
  /// product of constants (`(t + 1) * H`: the counter's coefficient H).
  static std::optional<Affine> mul(std::optional<Affine> x,
                                   std::optional<Affine> y) {
    if (!x || !y)
      return std::nullopt;
    for (int swap = 0; swap < 2; ++swap, std::swap(x, y)) {
      if (!y->exact())
        continue;
      const Lin &f = y->lo;
      if (f.isConst())
        return scale(x, f.c);
      if (x->a.isConst() && x->lo.isConst() && x->lo == x->hi)
        return Affine{f.scaled(x->a.c), f.scaled(x->lo.c), f.scaled(x->lo.c)};
    }
    return std::nullopt;
  }

  std::optional<Affine> readVar(const Var *v, const Op *at) {
    if (!isInteger(v->type))
      return std::nullopt;
    // A counter, read in the body of its loop.
    for (const Op *x = at; x->block && x->block->parent;) {
      const Op *lp = x->block->parent;
      bool body = lp->kind == OpKind::Loop && x->block == lp->region(1);
      if (lp == &loop_) {
        if (v == t_ && body)
          return Affine{unit(), Lin{}, Lin{}};
        break;
      }
      if (body)
        if (auto r = innerCounter(*lp, v))
          return r;
      x = lp;
    }
    auto w = writes_.find(v);
    auto all = everyWrite_.find(v);
    if (w == writes_.end() && v->paramIndex < 0 && all != everyWrite_.end() &&
        all->second.size() == 1 && all->second[0]->kind == OpKind::Decl &&
        all->second[0]->operands.size() == 1 &&
        all->second[0]->operands[0]->kind == OpKind::Const) // `const int H = 3`
      return eval(all->second[0]->operands[0], at);
    if (w == writes_.end()) { // a symbol
      Lin s;
      s.k[v] = 1;
      return Affine{Lin{}, s, s};
    }
    // A local declared once in the loop: its value where it is declared.
    const Op *d = w->second.size() == 1 ? w->second[0] : nullptr;
    if (d && d->kind == OpKind::Decl && d->operands.size() == 1)
      return eval(d->operands[0], d);
    return std::nullopt;
  }

  /// v over the body of `lp` when lp is a loop counted by v with bounds
  /// that do not vary with the outer counter: [init.lo, bound.hi − 1].
  std::optional<Affine> innerCounter(const Op &lp, const Var *v) {
    auto c = matchCountedLoop(*lp.block, lp.block->indexOf(&lp),
                              DeclSearch::Adjacent);
    if (!c || c->counter != v || !c->bound)
      return std::nullopt;
    auto init = eval(c->init, c->decl), bound = eval(c->bound, &lp);
    if (!init || !bound || !zero(init->a) || !zero(bound->a))
      return std::nullopt;
    return Affine{Lin{}, init->lo, bound->hi - unit()};
  }

  static Lin unit() {
    Lin one;
    one.c = 1;
    return one;
  }
  static bool zero(const Lin &l) { return l.isConst() && l.c == 0; }

  const Op &loop_;
  const Var *t_;
  // Writes in the loop, and in the whole function.
  std::unordered_map<const Var *, std::vector<const Op *>> writes_, everyWrite_;
  int depth_ = 0;
};

} // namespace

bool writesInStripes(const Op &loop, const Var *counter, const Op *init,
                     const Array *a) {
  if (a->jagged || a->stride || a->structElements || !counter)
    return false;
  Evaluator ev(loop, counter);
  std::vector<Affine> stores, loads;
  bool ok = true;
  for (auto &r : loop.regions)
    walk(*r, [&](const Op &x) {
      if (!ok)
        return;
      for (const Array *p : x.arrays)
        ok = ok && p != a;
      if (x.arr != a)
        return;
      if (x.kind != OpKind::Load && x.kind != OpKind::Store) {
        ok = false;
        return;
      }
      auto idx = ev.eval(x.operands[0], &x);
      if (!idx)
        ok = false;
      else
        (x.kind == OpKind::Store ? stores : loads).push_back(*idx);
    });
  if (!ok || stores.empty())
    return false;
  const Lin &coef = stores[0].a;
  for (const Affine &s : stores) {
    if (!(s.a == coef))
      return false;
    // Iterations t ≠ t' write distinct elements: every spread < coef.
    for (const Affine &s2 : stores)
      if (!negative(s.hi - s2.lo - coef))
        return false;
  }
  // Now coef >= 1 wherever a store runs: its index range is not empty.
  std::optional<Affine> first;
  if (init)
    first = ev.eval(init, &loop);
  for (const Affine &l : loads) {
    for (const Affine &s : stores) {
      // Below iteration t's stripe: a·t + l.hi < a·t + s.lo ...
      if (l.a == coef && negativeGivenWidth(l.hi - s.lo, coef))
        continue;
      // ... or, read at every t, below the first iteration's stripe.
      if (l.a.isConst() && l.a.c == 0 && first && first->exact() &&
          first->lo.isConst() &&
          negativeGivenWidth(l.hi - (coef.scaled(first->lo.c) + s.lo), coef))
        continue;
      return false;
    }
  }
  return true;
}

} // namespace adgen
