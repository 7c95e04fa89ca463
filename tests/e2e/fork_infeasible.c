// A condition that contradicts an earlier one: the tree shows its
// impossible side as a green infeasible leaf, and no test is written for it.
// RUN: rm -rf %t.out
// RUN: %theseus --mode=fork --self-check %s -o %t.out | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'infeasible'" 1 \
// RUN:   --some "leaf == 'infeasible' and condition == 'x < 5' and '10 < x' in pc" \
// RUN:   --count "leaf == 'normal'" 2
// RUN: grep -q 'fillcolor=lightgreen' %t.out/tree.dot
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 2
// CHECK: infeasible 1
// CHECK: self-check passed
// REPLAY: 2 match, 0 mismatch

int fork_infeasible(int x) {
  if (x > 10) {
    if (x < 5)
      return -1; // Never.
    return 1;
  }
  return 0;
}
