// A run whose only path is cut by the instruction limit is not a complete
// exploration: it says "bounded" (not "exhausted"), names the cut, and the
// cut path still leaves a test of its own outcome. Both modes.
// RUN: rm -rf %t.c %t.f
// RUN: %theseus %s -o %t.c --max-steps 100000 | FileCheck %s
// RUN: %check-summary %t.c "not complete" "stop_reason == 'bounded'" "incomplete_because == {'step-limit': 1}" "tests == 1"
// RUN: %check-tests %t.c --count 1 --all "kind == 'step-limit'"
// RUN: %theseus %s -o %t.f --mode fork --max-steps 100000 | FileCheck %s
// RUN: %check-summary %t.f "not complete" "incomplete_because == {'step-limit': 1}"
// CHECK: stopped: bounded
// CHECK: complete no: step-limit (1)
// CHECK: paths 1 (runs 1); tests 1 in run.db; test files 1

long claims_step_limit(void) {
  volatile long sum = 0;
  for (long i = 0; i < 100000000; i++)
    sum += i;
  return sum;
}
