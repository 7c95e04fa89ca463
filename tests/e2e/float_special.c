// Special values are inputs like any other: a NaN (x != x), a finite
// float whose product overflows to infinity, -0.0 told from +0.0 by
// 1.0 / x, and a double that truncates to 7 without being 7. Each is
// found by the solver and replays natively bit for bit. Its float queries
// take Z3 seconds of processor time: --solver-timeout gives a busy machine
// room, where the default 10 s of wall time ran out at load 20.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --solver-timeout 120 | FileCheck %s
// RUN: %check-tests %t.out --some "ret == 1 and math.isnan(x)" \
// RUN:   --some "ret == 2 and math.isfinite(x) and abs(x) > 3e37" \
// RUN:   --some "ret == 3 and x == 0 and math.copysign(1, x) < 0" \
// RUN:   --some "ret == 4 and 7 < d < 8" --none "ret == 5"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
#include <math.h>

int float_special(float x, double d) {
  if (x != x)
    return 1;
  if (!isinf(x) && isinf(x * 10.0f))
    return 2;
  if (x == 0.0f && 1.0 / x < 0)
    return 3;
  if ((int)d == 7 && d != 7.0)
    return 4;
  if (x == 0.0f && 1.0f / x < 0 && x > 0)
    return 5;
  return 0;
}
