// The engine runs every feasible path of this program in a moment; the
// fuzzer beside it has no budget of its own (no --max-time, no
// --fuzz-runs), so the engine's exhaustion stops it, early, and its line
// says so, with the fuzzer's wall and processor time. Nothing here depends
// on how fast the machine is: the run ends when the engine is done.
// RUN: rm -rf %t
// RUN: %theseus %s --fuzz --entry classify -o %t | FileCheck %s
// RUN: %check-summary %t "stop_reason == 'exhausted'" \
// RUN:   "fuzz['stopped'] == 'engine-exhausted'" "fuzz['cpu_seconds'] > 0" \
// RUN:   "fuzz['budget_seconds'] == 0 and fuzz['budget_runs'] == 0"
// RUN: %theseus show %t | FileCheck %s
// CHECK: fuzzing {{[0-9.]+}} s (cpu {{[0-9.]+}} s); stopped early: the engine had run every feasible path
// CHECK-NEXT: {{[0-9]+}} executions, corpus {{[0-9]+}}, fuzzer crashes 0 (the run found no bugs); engine ran
int classify(int x, int y) {
  if (x > 100)
    return y < 0 ? 1 : 2;
  if (x == 7)
    return 3;
  return 0;
}
