// theseus task: unreach-call holds. A finite program is proved by exploring
// every path (nothing cut; the apc, which proves it too, is off, so that
// the exploration is what answers); a loop no exploration finishes is
// proved by the apc, decided beside the search, which it stops; the run
// still leaves a valid suite (the tests of the paths searched until then).
// RUN: rm -rf %t.finite %t.loop
// RUN: %theseus task %inputs/tasks/finite_true.yml --no-apc -q -o %t.finite | FileCheck --check-prefix=FINITE %s
// RUN: %check-summary %t.finite "task['verdict'] == 'true'" "complete" "stop_reason == 'exhausted'" "task['test'] is None"
// RUN: %check-testcomp %t.finite/test-suite --min-tests 1 --zip
// RUN: %validate-testcomp %inputs/tasks/finite_true.yml %t.finite/test-suite --run %t.finite | FileCheck --check-prefix=VALID %s
// FINITE: task {{.*}}finite_true.yml, unreach-call: true (every path was explored and none reaches reach_error())
// VALID: 0 differ; 0 reach reach_error()
//
// RUN: %theseus task %inputs/tasks/loop_true.yml -q -o %t.loop | FileCheck --check-prefix=LOOP %s
// RUN: %check-summary %t.loop "task['verdict'] == 'true'" "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "stop_reason == 'apc-unreachable'"
// RUN: %check-testcomp %t.loop/test-suite --zip | FileCheck --check-prefix=SUITE %s
// LOOP: target reach_error in main: unreachable (the apc is unsatisfiable
// LOOP: task {{.*}}loop_true.yml, unreach-call: true (the apc of reach_error() is unsatisfiable)
// SUITE: suite valid
