// --target without --apc-only: an unsatisfiable apc answers before any
// search (i only takes even values, never 7): no path is run, no test is
// written, exit status 0.
// RUN: rm -rf %t.out
// RUN: %theseus %s --target reach_error -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'unreachable'" "'paths' not in s"
// RUN: not ls %t.out/test000001.json
// CHECK: target reach_error in apc_explore_unreachable: unreachable (the apc is unsatisfiable; no search needed)
// CHECK-NOT: explored
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
