// Linear search over a 4-element array. With a symbolic needle: one leaf
// per position plus not-found. With symbolic contents and --loop-bound 2:
// found at 0, found at 1, and a grey "bound reached" leaf.
// RUN: rm -rf %t.out %t.bound %t.bfs %t.rp %t.cn
// RUN: %theseus --mode=fork --self-check %s -o %t.out | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'normal'" 5 \
// RUN:   --count "leaf is not None" 5 \
// RUN:   --some "value == -1" --some "value == 3 and pc.endswith('a3 == needle')"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY5 %s
// RUN: %theseus --mode=fork --self-check --loop-bound 2 %s -o %t.bound | FileCheck --check-prefix=BOUND %s
// RUN: %check-tree %t.bound/tree.json --count "leaf == 'normal'" 2 \
// RUN:   --count "leaf == 'bound-reached'" 1 --some "value == 0" --some "value == 1"
// RUN: grep -q 'fillcolor=grey' %t.bound/tree.dot
// RUN: %theseus replay %t.bound | FileCheck --check-prefix=REPLAY3 %s
// Every search order finds the same five leaves.
// RUN: %theseus --mode=fork --strategy=bfs %s -o %t.bfs | FileCheck --check-prefix=ORDER %s
// RUN: %theseus --mode=fork --strategy=random-path --seed=3 %s -o %t.rp | FileCheck --check-prefix=ORDER %s
// RUN: %theseus --mode=fork --strategy=coverage-new %s -o %t.cn | FileCheck --check-prefix=ORDER %s
// RUN: %python %S/tools/same_paths.py %t.out %t.rp | FileCheck --check-prefix=SAME %s
// ORDER: paths 5
// ORDER: return values {-1, 0, 1, 2, 3}
// SAME: same paths: 5
// CHECK: paths 5
// CHECK: return values {-1, 0, 1, 2, 3}
// CHECK: self-check passed: precision 5/5 leaves, exhaustiveness 100/100
// REPLAY5: 5 match, 0 mismatch
// BOUND: paths 3
// BOUND: bound reached 1 paths
// BOUND: self-check passed: precision 3/3 leaves, exhaustiveness 100/100
// REPLAY3: 2 match, 0 mismatch, 1 skipped

int fork_search(int a0, int a1, int a2, int a3, int needle) {
  int a[4] = {a0, a1, a2, a3};
  for (int i = 0; i < 4; i++)
    if (a[i] == needle)
      return i;
  return -1;
}
