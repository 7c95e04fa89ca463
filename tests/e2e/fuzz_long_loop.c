// A task whose error lies after 100 million iterations of a concrete loop:
// every run of the engine ends at the instruction limit before it (the loop
// interpreted: as host code the engine passes it alone). The
// fuzzing phase (on by default for tasks) runs the program natively and
// finds the input; the engine runs that input without the limit, so the
// error is a test found by the fuzzer, in the Test-Comp suite, that
// replays natively. Without the fuzzing phase the search does not reach it.
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus task %inputs/tasks/long_loop.yml --no-fuzz --no-native-loops --max-time 8 -q -o %t.plain \
// RUN:   | FileCheck --check-prefix=PLAIN %s
// RUN: not %theseus task %inputs/tasks/long_loop.yml --no-native-loops --max-time 120 -o %t.fuzz \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer'"
// RUN: %validate-testcomp %inputs/tasks/long_loop.yml %t.fuzz/test-suite.zip --run %t.fuzz \
// RUN:   | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t.fuzz | FileCheck --check-prefix=REPLAY %s
// PLAIN: unreach-call: unknown
// CHECK: fuzzing {{.*}} crashes {{[1-9]}}
// CHECK: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json)
// VALID: 0 differ; 1 reach reach_error()
// REPLAY: 1 match, 0 mismatch
