// Syntactic mutants, a short run (seed 1, 150 mutants) of test/fuzz/mutate.py:
// the lit inputs and examples that carry adgen directives, with tokens
// deleted, duplicated, swapped or replaced, files truncated and garbage put
// into the directives (bad policies, `every 0`, `size(h, n,)`, unknown names
// and clauses, unbalanced parentheses, duplicated directives). Each mutant
// runs as `adgen MUTANT -o OUT` with OUT holding sentinel bytes: exit 0, 1 or
// 2 only, no "internal error", no timeout (20 s); exit 1 prints a located
// error with its source and caret lines; on an error OUT keeps its bytes and
// nothing is left beside it; on exit 0 the output compiles alone and after
// the mutant in one translation unit (when g++ accepts the mutant), and
// clang++ does not reject the mutant. Failing mutants are kept in %t.dir; the
// script prints, for each, its class and the line that re-runs it
// (`mutate.py --seed 1 --only I --reduce` also shrinks it). The mutants
// depend on the seed and on the set of inputs, so adding a lit test changes
// them. The long run is `scripts/fuzz --mutate`.
//
// RUN: rm -rf %t.dir
// RUN: python3 %src_root/test/fuzz/mutate.py --adgen adgen --seed 1 -n 150 -q --keep %t.dir
