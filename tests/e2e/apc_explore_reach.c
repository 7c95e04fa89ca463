// --target with an exploration: the apc is satisfiable. With --apc-first
// the search waits for it, its candidate (n == 5) is the first input run,
// and its path reaches the target; the run stops there, and the reaching
// test replays natively.
// RUN: rm -rf %t.c %t.f %t.d %t.p
// RUN: not %theseus %s --target reach_error --apc-first -o %t.c | FileCheck %s
// RUN: %check-summary %t.c "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'" "target['seeded_inputs'] >= 1" "stop_reason == 'target-reached'" "'search' in target['times']" "target['finished_first'] == 'apc'"
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --target reach_error --mode fork --apc-first -o %t.f | FileCheck %s
// RUN: %check-summary %t.f "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'"
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_explore_reach: reached by test000001.json
// CHECK: time build apc {{.*}} solve apc {{[SUX]}} {{.*}}, search {{.*}}; the apc finished first
// REPLAY: 1 match, 0 mismatch
//
// By default the search starts at once beside the apc: whichever of the
// search and the apc's seed gets there first, the target is reached.
// RUN: not %theseus %s --target reach_error -o %t.p | FileCheck --check-prefix=PAR %s
// RUN: %check-summary %t.p "target['verdict'] == 'reached'" "target['finished_first'] in ('apc', 'search')"
// PAR: target reach_error in apc_explore_reach: reached by test
//
// A source line as the target: not a bug, so the exit status is 0, and the
// target-distance search reaches it from the seed as well.
// RUN: %theseus %s --target %s:36 --mode fork --strategy target-distance --apc-first -o %t.d | FileCheck --check-prefix=LINE %s
// RUN: %check-summary %t.d "target['verdict'] == 'reached'" "bugs == []" "target['test'] == 'test000001.json'"
// LINE: target {{.*}}apc_explore_reach.c:36 in apc_explore_reach: reached by test
void reach_error(void);

int apc_explore_reach(int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    k += 2;
  if (k == 10)
    reach_error();
  if (k == 14)
    return 1;
  return 0;
}
