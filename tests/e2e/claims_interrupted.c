// A run stopped by --max-time says so, and the path in flight is written as
// a test of its own (outcome "interrupted"), so even a first path that never
// ends leaves a test. Fork mode also writes the states still waiting.
// RUN: rm -rf %t.c %t.f
// RUN: %theseus %s -o %t.c --max-time 1 --max-steps 0 | FileCheck %s
// RUN: %check-summary %t.c "not complete" "stop_reason == 'max-time'" "'max-time' in incomplete_because" "interrupted_paths == 1"
// RUN: %check-tests %t.c --some "kind == 'interrupted'"
// RUN: %theseus %s -o %t.f --mode fork --max-time 1 --max-steps 0 | FileCheck %s
// RUN: %check-summary %t.f "not complete" "stop_reason == 'max-time'" "interrupted_paths >= 1"
// RUN: %check-tests %t.f --some "kind == 'interrupted'"
// RUN: %theseus replay %t.f | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: max-time
// CHECK: complete no: max-time
// REPLAY: 0 mismatch

long claims_interrupted(int n) {
  volatile long sum = 0;
  for (long i = 0; i < 4000000000L; i++)
    sum += i;
  return n > 0 ? sum : -sum;
}
