// --target: the search starts at once and the apc is decided beside it.
// The loop gives the search a path per value of n, never ending before
// --max-time, but the apc is unsatisfiable (i only takes even values,
// never 7): its answer stops the search, long before the time budget, with
// the verdict unreachable, decided by the apc. What the search left is
// counted as pruned by the apc; the tests it wrote replay.
// RUN: rm -rf %t.out %t.first
// RUN: %theseus %s --target reach_error --max-time 60 -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "target['finished_first'] == 'apc'" "stop_reason == 'apc-unreachable'" "incomplete_because.get('apc-pruned', 0) >= 1" "len(incomplete_because) == 1" "time['total'] < 30"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_explore_unreachable: unreachable (the apc is unsatisfiable)
// CHECK: rests on
// CHECK: the apc finished first
// REPLAY: 0 mismatch
//
// With --apc-first the search waits for the apc: an unsatisfiable one
// answers before any search, no path is run, no test is written, exit
// status 0.
// RUN: %theseus %s --target reach_error --apc-first -o %t.first | FileCheck --check-prefix=FIRST %s
// RUN: %check-summary %t.first "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "'paths' not in s"
// RUN: not ls %t.first/test000001.json
// FIRST: target reach_error in apc_explore_unreachable: unreachable (the apc is unsatisfiable; no search needed)
// FIRST-NOT: explored
//
// When the apc cannot decide (a recursive call is not summarised: its
// result is unknown), the search does: every path not pruned explored,
// none reaching the target.
// RUN: %theseus %s --entry by_exhaustion --target reach_error --mode fork -o %t.ex | FileCheck --check-prefix=EX %s
// RUN: %check-summary %t.ex "target['verdict'] == 'unreachable'" "target['test'] is None"
// EX: target reach_error in by_exhaustion: unreachable by exhaustion
void reach_error(void);

int apc_explore_unreachable(int n) {
  int i;
  for (i = 0; i < n; i += 2)
    ;
  if (i == 7)
    reach_error();
  if (n > 1000)
    return 1;
  return 0;
}

int twice(int v) { return v <= 0 ? 0 : 2 + twice(v - 1); }

void by_exhaustion(int n) {
  if (n > 3)
    return;
  if (twice(n) == 7)
    reach_error();
}
