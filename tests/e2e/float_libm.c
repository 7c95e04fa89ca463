// The C library's sqrt and fmod (calls, as they may set errno) and fmin
// (the builtin) stay symbolic on a float input: both sides of each branch
// after them are covered, nothing is concretised, and every test replays
// natively bit for bit.
// RUN: rm -rf %t.out %t.nb
// RUN: %theseus %s -o %t.out --solver-timeout 120 | FileCheck %s
// RUN: %check-tests %t.out --some "ret == 1 and x >= 9" \
// RUN:   --some "ret == 2 and math.fmod(x, 2.5) == 1.5" \
// RUN:   --some "ret == 3 and x < -1" --some "ret == 4 and math.isnan(x)" \
// RUN:   --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: branches 100.0%
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
//
// Called as functions (-fno-builtin), fmin and fmax are glibc's, which of
// two equal zeros pick the second: fminf(-0.0f, 0.0f) is +0.0f there (the
// builtin's is -0.0f), so 1.0f / fminf(x, 0.0f) is never negative.
// RUN: %theseus %s --entry float_libm_calls -o %t.nb --cflag=-fno-builtin \
// RUN:   | FileCheck --check-prefix=CALLS %s
// RUN: %check-tests %t.nb --some "ret == 1 and math.copysign(1, x) < 0" \
// RUN:   --some "ret == 2 and math.copysign(1, x) > 0" --some "ret == 3"
// RUN: %theseus replay %t.nb | FileCheck --check-prefix=REPLAY %s
// CALLS: complete yes
// CALLS: concretizations 0
#include <math.h>

int float_libm(float x) {
  if (sqrtf(x) >= 3.0f)
    return 1;
  if (fminf(x, -1.0f) < -1.0f)
    return 3;
  if (isnan(sqrtf(x)) && x != x)
    return 4;
  if (fmodf(x, 2.5f) == 1.5f) // Last: fp.rem is Z3's costliest operation.
    return 2;
  return 0;
}

int float_libm_calls(float x) {
  if (x == 0.0f && 1.0f / fminf(x, 0.0f) > 0)
    return signbit(x) ? 1 : 2;
  if (floorf(fmaxf(x, -2.0f)) == -2.0f)
    return 3;
  return 0;
}
