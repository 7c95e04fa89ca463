// --target with an exploration: the apc is satisfiable, its candidate
// (n == 5) is the first input run, and its path reaches the target; the
// run stops there, and the reaching test replays natively.
// RUN: rm -rf %t.c %t.f %t.d
// RUN: not %theseus %s --target reach_error -o %t.c | FileCheck %s
// RUN: %check-summary %t.c "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'" "target['seeded_inputs'] >= 1" "stop_reason == 'target-reached'" "'search' in target['times']"
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --target reach_error --mode fork -o %t.f | FileCheck %s
// RUN: %check-summary %t.f "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'"
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_explore_reach: reached by test000001.json
// CHECK: time build apc {{.*}} solve apc {{[SUX]}} {{.*}}, search
// REPLAY: 1 match, 0 mismatch
//
// A source line as the target: not a bug, so the exit status is 0, and the
// target-distance search reaches it from the seed as well.
// RUN: %theseus %s --target %s:29 --mode fork --strategy target-distance -o %t.d | FileCheck --check-prefix=LINE %s
// RUN: %check-summary %t.d "target['verdict'] == 'reached'" "bugs == []" "target['test'] == 'test000001.json'"
// LINE: target {{.*}}apc_explore_reach.c:29 in apc_explore_reach: reached by test
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
