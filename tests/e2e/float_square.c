// Floats are symbolic: no float squares to exactly 2, which the solver
// proves (the branch is infeasible, the run still complete), while one
// comes within 1e-6 of it. Nothing is concretised, and the test replays
// natively bit for bit.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --none "ret == 1" \
// RUN:   --some "ret == 2 and abs(x * x - 2) < 1e-5" --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
#include <math.h>

int float_square(float x) {
  if (x * x == 2.0f)
    return 1;
  if (fabsf(x * x - 2.0f) < 1e-6f)
    return 2;
  return 0;
}
