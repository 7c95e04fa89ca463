// theseus task: an ILP32 task whose reach_error() has an empty body. Its
// call is the error, and the native replay of the reaching test (built
// with -m32) ends there too, so the verdict is false; the Test-Comp suite
// validates natively.
// RUN: rm -rf %t
// RUN: not %theseus task %inputs/tasks/empty_reach_ILP32.yml -q -o %t | FileCheck %s
// RUN: %check-summary %t "task['verdict'] == 'false'" "task['data_model'] == 'ILP32'"
// RUN: %validate-testcomp %inputs/tasks/empty_reach_ILP32.yml %t/test-suite.zip --run %t | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t | FileCheck --check-prefix=REPLAY %s
// CHECK: task {{.*}}empty_reach_ILP32.yml, unreach-call: false (reach_error() reached by test{{[0-9]+}}.json{{(, a native run the fuzzer found, confirmed by native replay)?}})
// VALID: 0 differ; {{[12]}} reach reach_error()
// REPLAY: 0 mismatch
