// Steinhöfel's first tree: x = 2*y; if (x < 0) x = -x; forks into two
// normal leaves and nothing infeasible; the self-check passes.
// RUN: rm -rf %t.out %t.stmt
// RUN: %theseus --mode=fork --self-check %s -o %t.out | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'normal'" 2 \
// RUN:   --count "leaf is not None" 2 --count "children == 2" 1 \
// RUN:   --some "id == 0 and line == 25 and source == 'if (x < 0)' and variables['x'] == 'y * 2'" \
// RUN:   --some "condition == '(y * 2) < 0' and line == 27"
// RUN: grep -q "fillcolor=lightblue" %t.out/tree.dot
// RUN: grep -q "<svg" %t.out/tree.svg
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// With --tree-statements every statement is a node: x = -x sits between
// the branch and the return on one side.
// RUN: %theseus --mode=fork --tree-statements %s -o %t.stmt > /dev/null
// RUN: %check-tree %t.stmt/tree.json --count "leaf == 'normal'" 2 \
// RUN:   --some "source == 'x = -x;' and condition == '(y * 2) < 0' and children == 1" \
// RUN:   --some "source == 'int x = 2 * y;' and children == 1" \
// RUN:   --count "source == 'return x;'" 2
// CHECK: paths 2
// CHECK: self-check passed: precision 2/2 leaves, exhaustiveness 100/100
// REPLAY: 2 match, 0 mismatch

int fork_abs(int y) {
  int x = 2 * y;
  if (x < 0)
    x = -x;
  return x;
}
