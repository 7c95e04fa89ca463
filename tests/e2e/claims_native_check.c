// A claim is checked against the native program before it is made. When
// the engine's semantics and the native run disagree (here the native
// build sees other code), a bug the native run does not reproduce is a
// divergence, not a finding (exit status 0), and a run that explored every
// path withdraws its claim: not complete, stopped "bounded", and a task is
// never given the verdict false (nor true) on such grounds.
// RUN: rm -rf %t.out %t.task %t.same %t.target
// RUN: %theseus %inputs/tasks/divergent.c --entry main -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "not complete" "stop_reason == 'bounded'" "incomplete_because == {'native-mismatch': 2}" "native_check['replayed'] == 2" "bugs[0]['confirmed'] == 'unconfirmed'"
// CHECK: stopped: bounded
// CHECK: complete no: native-mismatch (2)
// CHECK: native check 2 of 2 tests replayed natively, 2 disagree
// CHECK: reach-error at {{.*}}[unconfirmed: native run returned 1; a divergence
//
// RUN: %theseus task %inputs/tasks/divergent_true.yml --no-fuzz -q -o %t.task | FileCheck --check-prefix=TASK %s
// RUN: %check-summary %t.task "task['verdict'] == 'unknown'" "target['divergence']['test'] == target['test']"
// TASK: unreach-call: unknown (reach_error() was reached in the engine by test{{[0-9]+}}.json, but not by its native run (native run returned 1): a divergence, not a verdict)
//
// Nor is a target unreachable "by exhaustion" when the native runs differ.
// RUN: %theseus %inputs/divergent_return.c --entry main --target reach_error --no-apc -o %t.target | FileCheck --check-prefix=TARGET %s
// TARGET: complete no: native-mismatch (2)
// TARGET: target reach_error in main: unknown (bounded)
//
// When they agree, the check says so and the claim stands.
// RUN: %theseus %s -o %t.same | FileCheck --check-prefix=SAME %s
// RUN: %check-summary %t.same "complete" "native_check['matched'] == 3"
// SAME: stopped: exhausted
// SAME: complete yes
// SAME: native check 3 of 3 tests replayed natively, all match
int claims_native_check(int x) {
  if (x > 10)
    return 1;
  if (x < -10)
    return 2;
  return 3;
}
