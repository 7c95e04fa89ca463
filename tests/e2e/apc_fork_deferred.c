// Fork mode with a seed (--apc-first: the apc's model is the first input):
// the seeded run follows it to the target and leaves the other side of each
// decision to be decided when it is picked. With --keep-going each is
// decided then, and the tree is the one forking without a seed builds: the
// side x <= 3 after x > 5 is an infeasible leaf, not a pruned one, and the
// two feasible sides that cannot reach the target are pruned.
// RUN: rm -rf %t.s %t.e %t.j %t.three1 %t.three2
// RUN: not %theseus %s --target reach_error --mode fork --apc-first --keep-going -o %t.s | FileCheck %s
// RUN: %check-tree %t.s/tree.json --count "leaf == 'infeasible'" 1 --count "leaf == 'pruned'" 2 --count "leaf == 'error'" 1
// RUN: %check-summary %t.s "target['seeded_inputs'] >= 1" "infeasible == 1" "target['pruned_states'] == 2"
// RUN: %theseus replay %t.s | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_fork_deferred: reached by test000001.json
// With -j 2 a deferred side is decided, and checked against the apc,
// before its state goes to another worker, which takes over the state's
// own model: the same sides close, and the same paths run, as with one.
// RUN: not %theseus %s --target reach_error --mode fork --apc-first --keep-going -j 2 -o %t.j > /dev/null
// RUN: %check-summary %t.j "target['seeded_inputs'] >= 1" "infeasible == 1" "target['pruned_states'] == 2" "divergences == 0" "workers['count'] == 2"
// RUN: %theseus replay %t.j | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --entry three_sides --target reach_error --mode fork --apc-first --keep-going -o %t.three1 -q > /dev/null
// RUN: not %theseus %s --entry three_sides --target reach_error --mode fork --apc-first --keep-going -j 2 -o %t.three2 -q > /dev/null
// RUN: %python %S/tools/same_paths.py %t.three1 %t.three2
// RUN: %check-summary %t.three2 "divergences == 0" "sum(w['inputs_taken_over'] for w in workers['each']) >= 1"
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

int three_sides(int x, int y, int z) {
  int r = 0;
  if (x > 5)
    r++;
  if (y > 5)
    r++;
  if (z > 5)
    r++;
  if (x + y + z == 40)
    reach_error();
  return r;
}
