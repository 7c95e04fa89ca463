// Fork mode with a seed (--apc-first: the apc's model is the first input):
// the seeded run follows it to the target and leaves the other side of each
// decision to be decided when it is picked. With --keep-going each is
// decided then, and the tree is the one forking without a seed builds: the
// side x <= 3 after x > 5 is an infeasible leaf, not a pruned one, and the
// two feasible sides that cannot reach the target are pruned.
// RUN: rm -rf %t.s %t.e
// RUN: not %theseus %s --target reach_error --mode fork --apc-first --keep-going -o %t.s | FileCheck %s
// RUN: %check-tree %t.s/tree.json --count "leaf == 'infeasible'" 1 --count "leaf == 'pruned'" 2 --count "leaf == 'error'" 1
// RUN: %check-summary %t.s "target['seeded_inputs'] >= 1" "infeasible == 1" "target['pruned_states'] == 2"
// RUN: %theseus replay %t.s | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_fork_deferred: reached by test000001.json
// REPLAY: 0 mismatch
void reach_error(void);

int apc_fork_deferred(int x, int y) {
  int r = 0;
  if (x > 5)
    r = 1;
  if (x > 3)
    r += 2;
  if (y == x + 1)
    r += 4;
  if (r == 7)
    reach_error();
  return r;
}
