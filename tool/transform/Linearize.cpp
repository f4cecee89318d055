#include "transform/LinearForm.h"

namespace adgen {

void LinearForm::addScaled(Builder &b, const LinearForm &other, Op *c) {
  // A form's leaves are distinct, so into an empty form nothing merges.
  bool fresh = terms.empty();
  for (auto [coef, leaf] : other.terms) {
    // Coefficients take the type of the value they scale into (a float
    // statement may read a double through a cast).
    Op *k = !c ? coef : !coef ? c : b.mul(b.cast(coef, c->type), c);
    if (c && !k)
      continue; // an exact zero
    if (auto *t = fresh ? nullptr : find(leaf)) {
      Op *lhs = t->first ? t->first : b.constant(1, leaf->type);
      Op *rhs = k ? k : b.constant(1, lhs->type);
      t->first = b.add(lhs, b.cast(rhs, lhs->type));
    } else {
      terms.push_back({k, leaf});
      if (!index.empty())
        index.emplace(leaf, terms.size() - 1);
    }
  }
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
  for (auto [coef, leaf] : terms) {
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

} // namespace adgen
