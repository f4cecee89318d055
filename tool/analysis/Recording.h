// To-be-recorded facts for reverse mode: what the prepared primal says,
// before any code is built, about which values the backward sweep can have
// again without a tape. The forward sweep reads them at each statement.
#pragma once

#include "ir/IR.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace adgen {

/// A local array of a loop body copied once per iteration instead of
/// taping each read of it by a nested loop (see snapshotsOf).
struct BodySnapshot {
  const Array *array = nullptr;
  /// AfterLastWrite: declared in the body, final after statement `at`
  /// and read by a nested loop after it: its last value is pushed at the
  /// end of the iteration. AtEntry: declared outside, read by nested loops
  /// before the body first writes it at statement `at`: copied as the
  /// iteration starts.
  enum Kind { AfterLastWrite, AtEntry } kind = AfterLastWrite;
  int at = 0;
  /// AfterLastWrite of an array declared at the function's top level
  /// that the body rewrites whole (a loop stores every element): the
  /// backward sweep restores it in place, so no copy is declared, and the
  /// push costs no more than the iteration's own stores.
  bool inPlace = false;
};

struct RecordFacts {
  /// Per variable and array (as void*), the last top-level statement
  /// writing it.
  std::unordered_map<const void *, int> lastWriteTop;
  std::unordered_map<const Var *, int> writeCount;
  /// Uses of each value.
  std::unordered_map<const Op *, int> uses;

  /// Written only by top-level statements before statement `top`: its value
  /// is final there, and the backward sweep (which runs after the whole
  /// forward sweep and writes no primal storage but the arrays it restores
  /// in place, never settled where it does) still reads it.
  bool settledAt(const void *varOrArray, int top) const;
  /// An integer local written once, by its declaration (an inlined
  /// callee's copy of a loop counter): it holds that value throughout.
  bool writtenOnceByDecl(const Op &decl) const;
};

RecordFacts analyzeRecording(const Function &g);

/// Calls f with each array op o writes: a Store's, a declaration's, and
/// those a kept call's callee writes through its pointer parameters.
void forEachArrayWritten(const Op &o,
                         const std::function<void(const Array *)> &f);

/// The arrays of loop `o`'s body worth one copy per iteration: local
/// arrays (of known size) read by a nested loop after their last write,
/// then arrays from outside read by nested loops before the body's first
/// write (h[j] in a matrix-vector product h = tanh(W h)), or else after
/// its last write when the body rewrites them whole (a function-level
/// scratch vector, as xcentered in ADBench's GMM).
std::vector<BodySnapshot> snapshotsOf(const Op &loop);

/// The store `a[c] = E` of `for (c = 0; c < n; ++c) a[c] = E;` when that
/// loop is statement t of loop body `body`, stores every element of a
/// (as BodySnapshot::inPlace asks), and its store is the body's only write
/// of a: after statement t, and until the iteration ends, a[i] is E at
/// c = i. Null otherwise.
const Op *wholeFill(const Block &body, int t, const Array *a);

/// Whether loop `loop` leaves only through its condition (no break or
/// return in its body) and only its body writes arrays: each iteration
/// ends where the next starts.
bool exitsAtTheTop(const Op &loop);

} // namespace adgen
