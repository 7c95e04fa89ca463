// The engine finds two out-of-bounds reads; the fuzzer, the stand-in of
// tools/stub_fuzzer.py, runs each input the engine offers with its int set
// to 0, which never crashes, so it saves no error of its own. The fuzzing
// line counts the fuzzer's crashes as the fuzzer's, 0, and does not let
// that hide the run's two bugs (listed above it).
// RUN: rm -rf %t
// RUN: env STUB_FUZZER_PATCH=0:00000000 not %theseus %s --fuzz \
// RUN:   --fuzzer %S/tools/stub_fuzzer.py -o %t | FileCheck %s
// RUN: %check-summary %t "len(bugs) == 2" "fuzz['crashes'] == 0" \
// RUN:   "fuzz['stopped'] == 'engine-exhausted'"
// RUN: %theseus show %t | FileCheck %s
// CHECK: bugs 2
// CHECK: fuzzing {{.*}}; stopped early: the engine had run every feasible path
// CHECK-NEXT: executions, corpus {{[0-9]+}}, fuzzer crashes 0 (the run found 2 bugs, listed above)
int fuzz_crashes_wording(int i) {
  int a[4] = {1, 2, 3, 4};
  if (i == 5)
    return a[i];
  if (i == -3)
    return a[i + 1];
  return 0;
}
