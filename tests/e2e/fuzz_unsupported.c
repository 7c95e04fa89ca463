// A task whose every path ends, in the engine, at an operation it cannot
// run (long double arithmetic, before the input is even tested): the
// search has a single path, ended `unsupported`, and nothing to negate.
// It still waits for the fuzzing phase, which runs the program natively,
// long double included, and finds the error's input. Without waiting, the
// search ended at once and stopped the fuzzer before it had run. Budgets
// in counts: the fuzzer's in runs (--fuzz-runs, with --seed; libFuzzer's
// comparison hints find flag == 12345 in a few hundred); --max-time only
// guards against a hang.
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus task %inputs/tasks/long_double.yml --no-fuzz -q -o %t.plain \
// RUN:   | FileCheck --check-prefix=PLAIN %s
// RUN: %check-tests %t.plain --all "kind == 'unsupported' and 'long double' in message"
// RUN: not %theseus task %inputs/tasks/long_double.yml --fuzz-runs 100000 --seed 1 --max-time 900 -o %t.fuzz \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer' and evidence == 'native'"
// RUN: %theseus replay %t.fuzz | FileCheck --check-prefix=REPLAY %s
// PLAIN: unreach-call: unknown
// CHECK: complete no: unsupported (1)
// CHECK: fuzzing
// CHECK-NEXT: fuzzer crashes {{[1-9]}}
// CHECK: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json, a native run the fuzzer found, confirmed by native replay)
// REPLAY: 0 mismatch
