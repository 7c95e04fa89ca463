// An ILP32 task whose outcome depends on the width of long: as the task
// declares ILP32, reach_error() is reached (the fuzzing phase is built with
// -m32 too) and the suite validates natively in 32 bits; the same program
// declared LP64 is proved safe.
// RUN: rm -rf %t.ilp32 %t.lp64
// RUN: not %theseus task %inputs/tasks/long_size_ILP32.yml --max-time 60 -o %t.ilp32 | FileCheck --check-prefix=ILP32 %s
// RUN: %check-summary %t.ilp32 "task['data_model'] == 'ILP32'" "'fuzz' in s"
// The fuzz target is a 32-bit executable that fuzzes: run here for a count
// of runs (during the task, the engine may reach the target before the
// fuzzer's first run on a busy machine).
// RUN: %python -c "import sys; sys.exit(open(sys.argv[1], 'rb').read(5) != b'\x7fELF\x01')" %t.ilp32/fuzz/build/fuzzer
// RUN: %t.ilp32/fuzz/build/fuzzer -runs=100 -seed=1 -artifact_prefix=%t.ilp32/ 2>&1 | FileCheck --check-prefix=FUZZ %s
// FUZZ: Done 100 runs
// RUN: grep -q '<architecture>32bit</architecture>' %t.ilp32/test-suite/metadata.xml
// RUN: %validate-testcomp %inputs/tasks/long_size_ILP32.yml %t.ilp32/test-suite.zip --run %t.ilp32 | FileCheck --check-prefix=VALID %s
// RUN: %theseus replay %t.ilp32 | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus task %inputs/tasks/long_size_LP64.yml --max-time 60 -q -o %t.lp64 | FileCheck --check-prefix=LP64 %s
// ILP32: unreach-call: false (reach_error() reached by test{{[0-9]+}}.json{{(, a native run the fuzzer found, confirmed by native replay)?}})
// VALID: 0 differ; 1 reach reach_error()
// REPLAY: 0 mismatch
// LP64: unreach-call: true
