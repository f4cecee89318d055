#include "transform/LinearForm.h"

#include "transform/Rules.h"

namespace adgen {

void LinearForm::note(const Op *k) {
  if (!k)
    return;
  anyZero = anyZero || Builder::isConst(k, 0);
  if (!anyType) {
    anyType = true;
    coefType = k->type;
  } else if (k->type != coefType) {
    mixedTypes = true;
  }
}

void LinearForm::setCoef(size_t i, Op *k) {
  // A null or 1 stored under a pending scale would read as `unit`.
  if (unit && i < unitUpTo && k != unit && (!k || Builder::isConst(k, 1)))
    resolve();
  terms[i].first = k;
  note(k);
}

void LinearForm::resolve() {
  if (!unit)
    return;
  for (size_t i = 0; i < unitUpTo; ++i)
    terms[i].first = coefAt(i);
  unit = nullptr;
  unitUpTo = 0;
}

void LinearForm::addScaled(Builder &b, const LinearForm &other, Op *c) {
  // A form's leaves are distinct, so into an empty form nothing merges.
  bool fresh = terms.empty();
  for (size_t i = 0; i < other.terms.size(); ++i) {
    Op *coef = other.coefAt(i), *leaf = other.terms[i].second;
    // Coefficients take the type of the value they scale into (a float
    // statement may read a double through a cast).
    Op *k = !c ? coef : !coef ? c : b.mul(b.cast(coef, c->type), c);
    if (c && !k)
      continue; // an exact zero
    if (auto *t = fresh ? nullptr : find(leaf)) {
      size_t j = static_cast<size_t>(t - terms.data());
      Op *first = coefAt(j);
      Op *lhs = first ? first : b.constant(1, leaf->type);
      Op *rhs = k ? k : b.constant(1, lhs->type);
      setCoef(j, b.add(lhs, b.cast(rhs, lhs->type)));
    } else {
      terms.push_back({k, leaf});
      note(k);
      if (!index.empty())
        index.emplace(leaf, terms.size() - 1);
    }
  }
}

void LinearForm::takeScaled(Builder &b, LinearForm &&other, Op *c) {
  // Scaling by 1 turns each null or 1 coefficient into c and leaves the
  // rest as they are, when none is 0 and all have c's type (mul and cast
  // then make nothing): that is recorded, not done.
  if (terms.empty() && c && Builder::isConst(c, 1) && !other.anyZero &&
      !other.mixedTypes && (!other.anyType || other.coefType == c->type)) {
    *this = std::move(other);
    other = LinearForm();
    unit = c;
    unitUpTo = terms.size();
    note(c);
    return;
  }
  addScaled(b, other, c);
}

std::pair<Op *, Op *> *LinearForm::find(const Op *leaf) {
  constexpr size_t scanned = 16; // forms up to this size are scanned
  if (index.empty() && terms.size() > scanned)
    for (size_t i = 0; i < terms.size(); ++i)
      index.emplace(terms[i].second, i); // the first of equal leaves
  if (index.empty()) {
    for (auto &t : terms)
      if (t.second == leaf)
        return &t;
    return nullptr;
  }
  auto it = index.find(leaf);
  return it == index.end() ? nullptr : &terms[it->second];
}

Op *LinearForm::materialize(Builder &b, Type t) const {
  Op *sum = nullptr;
  for (size_t i = 0; i < terms.size(); ++i) {
    Op *coef = coefAt(i), *leaf = terms[i].second;
    leaf = b.cast(leaf, t);
    coef = coef ? b.cast(coef, t) : nullptr;
    bool negate = coef && Builder::isConst(coef, -1);
    Op *term = leaf;
    if (coef && !negate && !Builder::isConst(coef, 1)) {
      term = b.binary(OpKind::Mul, coef, leaf);
      term->tangentProduct = true;
    }
    if (negate)
      sum = sum ? b.sub(sum, term) : b.neg(term);
    else
      sum = sum ? b.add(sum, term) : term;
  }
  return sum;
}

LinearForm linearizeOp(Builder &b, const Op &o, Op &n, LinearForms &lin,
                       const std::function<bool(unsigned)> &lastUse) {
  LinearForm form;
  for (unsigned i = 0; i < o.operands.size(); ++i) {
    auto it = lin.find(o.operands[i]);
    if (it == lin.end())
      continue;
    if (Op *p = partial(b, n, i)) {
      if (lastUse(i))
        form.takeScaled(b, std::move(it->second), p);
      else
        form.addScaled(b, it->second, p);
    }
  }
  return form;
}

} // namespace adgen
