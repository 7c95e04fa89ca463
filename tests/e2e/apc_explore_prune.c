// Forking with --target and --keep-going: the state forked for x < 100
// contradicts the apc (x >= 100 && y == 3 * x), so it is pruned: a leaf of
// its own kind in the tree, counted in the summary, and a cut of the
// exploration (its paths are never run), though not of the target question.
// So is the state forked for y != 3 * x. (--apc-first: the search waits for
// the apc, which it would otherwise outrun on a program this small.) Each
// check of a state against the apc is one Z3 call, counted with its time.
// RUN: rm -rf %t.out %t.plain %t.no
// RUN: not %theseus %s --target reach_error --mode fork --keep-going --apc-first -o %t.out | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'pruned'" 2 --count "leaf == 'error'" 1
// RUN: %check-summary %t.out "target['pruned_states'] == 2" "target['verdict'] == 'reached'" "incomplete_because.get('apc-pruned') == 2" "not complete" "stop_reason == 'bounded'" "target['apc_checks'] >= 2" "0 < target['times']['apc_checks'] < time['total']"
// RUN: FileCheck --check-prefix=DOT %s < %t.out/tree.dot
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete no: apc-pruned (2)
// CHECK: target reach_error in apc_explore_prune: reached by test000001.json
// CHECK: 2 states pruned
// DOT: pruned by apc{{.*}}fillcolor=plum
// REPLAY: 0 mismatch
//
// --no-apc: the same search for the target, nothing pruned or seeded.
// RUN: not %theseus %s --target reach_error --mode fork --keep-going --no-apc -o %t.no | FileCheck --check-prefix=NOAPC %s
// RUN: %check-summary %t.no "target['pruned_states'] == 0" "target['seeded_inputs'] == 0" "target['verdict'] == 'reached'" "complete"
// NOAPC: paths 4
// NOAPC: target reach_error in apc_explore_prune: reached by test
// NOAPC: search {{.*}} (--no-apc)
//
// Without --target the same run explores the pruned sides: four paths.
// RUN: not %theseus %s --mode fork -o %t.plain | FileCheck --check-prefix=PLAIN %s
// PLAIN: paths 4
void reach_error(void);

int apc_explore_prune(int x, int y) {
  if (x < 100) {
    if (y > 0)
      return 1;
    return 2;
  }
  if (y == 3 * x)
    reach_error();
  return 0;
}
