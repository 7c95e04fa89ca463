// A task whose error lies after a million iterations of a concrete loop:
// every run of the engine ends at the instruction limit (--max-steps)
// before it (the loop interpreted: as host code the engine passes it
// alone). The fuzzing phase (on by default for tasks) runs the program
// natively and finds the input; its recorded native run is the error's
// test, found by the fuzzer, in the Test-Comp suite, and it replays
// natively. Without the fuzzing phase the search does
// not reach it. Budgets in counts: the fuzzer's in runs (--fuzz-runs, with
// --seed; libFuzzer's comparison hints find flag == 12345 in a few hundred),
// the engine's in instructions; --max-time only guards against a hang.
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus task %inputs/tasks/long_loop.yml --no-fuzz --no-native-loops --max-steps 1000000 -q -o %t.plain \
// RUN:   | FileCheck --check-prefix=PLAIN %s
// RUN: not %theseus task %inputs/tasks/long_loop.yml --no-native-loops --max-steps 1000000 --fuzz-runs 100000 --seed 1 --max-time 900 -o %t.fuzz \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer' and evidence == 'native'"
// RUN: %validate-testcomp %inputs/tasks/long_loop.yml %t.fuzz/test-suite.zip --run %t.fuzz \
// RUN:   | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t.fuzz | FileCheck --check-prefix=REPLAY %s
// PLAIN: unreach-call: unknown
// CHECK: fuzzing
// CHECK-NEXT: fuzzer crashes {{[1-9]}}
// CHECK: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json, a native run the fuzzer found, confirmed by native replay)
// VALID: 0 differ; 1 reach reach_error()
// REPLAY: 1 match, 0 mismatch
