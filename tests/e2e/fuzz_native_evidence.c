// Errors only native speed reaches: tasks in the shape of sv-benchmarks'
// loop-acceleration/simple_1-1 (134 million iterations before the failing
// check) and loops-crafted-1/nested3-2 (268 million in the innermost loop),
// each loop calling a function, so the engine interprets every iteration.
// The fuzzer's first run reaches reach_error(); its recorded native run is
// the test (found_by fuzzer, evidence native), whose native replay confirms
// it at once, and the verdict false rests on that replay: the engine never
// runs the input to the error (its instruction limit, --max-steps, is a
// millionth of the way). Without the fuzzing phase the tasks stay unknown.
// Budgets in counts (--fuzz-runs, --max-steps); --max-time only guards
// against a hang. A third task, in the shape of array-examples/
// standard_copy1_ground-2, has an empty reach_error() (the fuzzer's build
// keeps its calls) and a first run creating 200,000 inputs, which stops
// when the fuzzer's error input arrives; whichever side reaches the error
// first, its test replays natively with all 200,000 values.
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.simple %t.nested
// RUN: %theseus task %inputs/tasks/native_simple.yml --no-fuzz --max-steps 1000000 -q -o %t.plain \
// RUN:   | FileCheck --check-prefix=PLAIN %s
// RUN: not %theseus task %inputs/tasks/native_simple.yml --max-steps 1000000 --fuzz-runs 1000 --seed 1 --max-time 900 -o %t.simple \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.simple --some "bug == 'reach-error' and line == 11 and found_by == 'fuzzer' and evidence == 'native'"
// RUN: %check-summary %t.simple "task['verdict'] == 'false'" "target['evidence'] == 'native'" "s['bugs'][0]['evidence'] == 'native'" "s['bugs'][0]['confirmed'] == 'confirmed'" "s['fuzz']['native_errors'] == 1"
// RUN: %validate-testcomp %inputs/tasks/native_simple.yml %t.simple/test-suite.zip --run %t.simple \
// RUN:   | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t.simple | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus task %inputs/tasks/native_nested.yml --max-steps 1000000 --fuzz-runs 1000 --seed 1 --max-time 900 -q -o %t.nested \
// RUN:   | FileCheck --check-prefix=NESTED %s
// RUN: %check-tests %t.nested --some "bug == 'reach-error' and line == 12 and evidence == 'native' and nondet_uint_1 <= 100"
// RUN: %validate-testcomp %inputs/tasks/native_nested.yml %t.nested/test-suite.zip --run %t.nested \
// RUN:   | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t.nested | FileCheck --check-prefix=REPLAY %s
// RUN: rm -rf %t.copy
// RUN: not %theseus task %inputs/tasks/native_copy.yml --fuzz-runs 1000 --seed 1 --max-time 900 -q -o %t.copy \
// RUN:   | FileCheck --check-prefix=COPY %s
// RUN: %check-summary %t.copy "task['verdict'] == 'false'" "s['bugs'][0]['confirmed'] == 'confirmed'"
// PLAIN: unreach-call: unknown
// CHECK: reach-error at {{.*}}native_simple.c:11: reach_error() called (test{{[0-9]+}}.json, found natively by the fuzzer) [confirmed: killed by signal 6 (Aborted)]
// CHECK: target reach_error in main: reached by test{{[0-9]+}}.json (found natively by the fuzzer, confirmed by its native replay)
// CHECK: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json, a native run the fuzzer found, confirmed by native replay)
// NESTED: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json, a native run
// COPY: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json
// VALID: 0 differ; 1 reach reach_error()
// REPLAY: 0 mismatch
