// Which parameters a derivative is taken with respect to (Tangent.h).
#include "transform/Tangent.h"

#include "analysis/Activity.h"

namespace adgen {

static bool leafOf(const Function &f, const std::string &user, int i) {
  for (const UserParam &up : f.signature)
    if (up.aggregate && up.name == user)
      for (const Leaf &l : up.leaves)
        if (l.param == i)
          return true;
  return false;
}

std::vector<bool> activeParams(const Function &f, bool all,
                               const std::vector<std::string> &wrt) {
  std::vector<bool> m(f.params.size(), false);
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    Type t = p.var ? p.var->type : p.arr->elemType;
    if (!isFloating(t))
      continue;
    bool listed = all;
    for (auto &w : wrt)
      listed = listed || w == p.name() || leafOf(f, w, static_cast<int>(i));
    bool output = p.arr && !p.arr->isConst &&
                  writesParamArray(f, static_cast<unsigned>(i));
    m[i] = listed || output;
  }
  // A struct is one object with one shadow: when any of its members is
  // active (listed by the struct's name, or written), all its floating
  // members are, unless the list names members by their flat names.
  for (const UserParam &up : f.signature) {
    if (!up.aggregate)
      continue;
    bool any = false, byMember = false;
    for (const Leaf &l : up.leaves)
      any = any || m[static_cast<size_t>(l.param)];
    for (auto &w : wrt)
      for (const Leaf &l : up.leaves)
        byMember = byMember || w == f.params[static_cast<size_t>(l.param)].name();
    if (!any || byMember)
      continue;
    for (const Leaf &l : up.leaves) {
      const Param &p = f.params[static_cast<size_t>(l.param)];
      if (isFloating(p.var ? p.var->type : p.arr->elemType))
        m[static_cast<size_t>(l.param)] = true;
    }
  }
  return m;
}

} // namespace adgen
