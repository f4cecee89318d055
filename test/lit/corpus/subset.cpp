// The corpus harness (scripts/corpus, test/corpus/README.md) on adgen's own
// corpus file, test/corpus/own/idioms.cpp: 12 functions differentiated by
// adgen and checked against finite differences of themselves. It fails on
// a WRONG derivative, an adgen crash, code that does not compile or a
// function the harness cannot drive (--strict). The peer-tool corpus the
// issue-11 figure was measured on is not in the repository (see the README).
//
// RUN: rm -rf %t && python3 %src_root/scripts/corpus -j 2 --strict --adgen adgen --work %t --only own/idioms.cpp | FileCheck %s
// CHECK: == adgen corpus: 12 functions in 1 files
// CHECK: correct 12
// CHECK: WRONG 0
// CHECK: crash 0
