// theseus task: an unreach-call task whose reach_error() is reachable. The
// verdict is false with the reaching test; the Test-Comp suite follows the
// DTDs and each of its tests, run natively, does what the run reported.
// RUN: rm -rf %t
// RUN: not %theseus task %inputs/tasks/reach_false.yml -q -o %t | FileCheck %s
// RUN: %check-summary %t "task['property'] == 'unreach-call'" "task['verdict'] == 'false'" "task['test'] == target['test']" "'expected_verdict' not in task" "task['data_model'] == 'LP64'" "task['testcases'] == tests"
// RUN: %check-testcomp %t/test-suite --min-tests 1 --zip
// RUN: FileCheck --check-prefix=META %s < %t/test-suite/metadata.xml
// RUN: %validate-testcomp %inputs/tasks/reach_false.yml %t/test-suite.zip --run %t | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in main: reached by test
// CHECK: task {{.*}}reach_false.yml, unreach-call: false (reach_error() reached by test{{[0-9]+}}.json)
// CHECK-NEXT: test suite {{.*}}/test-suite ({{[1-9][0-9]*}} testcases), {{.*}}/test-suite.zip
// META: <specification>CHECK( init(main()), LTL(G ! call(reach_error())) )</specification>
// META: <programfile>{{.*}}reach_false.c</programfile>
// META: <programhash>{{[0-9a-f]+}}</programhash>
// META: <entryfunction>main</entryfunction>
// META: <architecture>64bit</architecture>
// VALID: 0 differ; 1 reach reach_error()
// REPLAY: 0 mismatch
