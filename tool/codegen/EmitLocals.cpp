#include "codegen/EmitLocals.h"

#include "ir/Naming.h"

namespace adgen {

std::string arrayDeclaration(const Op &o, const std::string &arena,
                             const std::function<std::string(const Op *)> &ex) {
  const Array *a = o.arr;
  std::string t = typeName(a->elemType);
  if (a->runtime != RuntimeClass::None)
    return std::string("adgen::checkpoint::") + runtimeClassName(a->runtime) +
           " " + a->name + arena + ";";
  if (a->isTape)
    return "adgen::Stack<" + t + "> " + a->name + arena + ";";
  if (a->scalarLocal)
    return t + " " + a->name + " = " + literal(0, a->elemType) + ";";
  if (a->heap && a->jagged) // rows: `std::vector<std::vector<T>> m(n, ...)`
    return "std::vector<std::vector<" + t + ">> " + a->name + "(" +
           ex(o.operands[0]) + ", std::vector<" + t + ">(" +
           ex(o.operands[1]) + "));";
  if (a->heap)
    return "adgen::Scratch<" + t + "> " + a->name + "(" + ex(o.operands[0]) +
           ");";
  std::string init;
  for (size_t k = 0; k < a->init.size(); ++k)
    init += (k ? ", " : "") + literal(a->init[k], a->elemType);
  return t + " " + a->name + "[" + std::to_string(a->size) + "] = {" + init +
         "};";
}

} // namespace adgen
