// Floating-point arithmetic runs concretely, bit for bit as the natively
// compiled program computes it: a double divided by 1.6 until it stops
// changing ends at the smallest subnormal, not at zero; Muller's recurrence
// ends at 100 in binary64 (at 6 in exact arithmetic); a*b+c rounds the
// product first (no FMA on x86-64's base target). In both data models,
// every test replays natively with the same result.
// RUN: rm -rf %t.out %t.m32
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// RUN: %theseus %s --data-model ILP32 -o %t.m32 | FileCheck %s
// RUN: %theseus replay %t.m32 | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: exhausted
// CHECK: return values {0, 1, 2, 3, 4, 5, 6, 7}
// REPLAY: 8 match, 0 mismatch, 0 skipped
#include <math.h>

static double shrink_double(void) {
  double x = 1.0, prev;
  do {
    prev = x;
    x = x / 1.6;
  } while (x != prev);
  return x;
}

static float shrink_float(void) {
  float x = 1.0f, prev;
  do {
    prev = x;
    x = x / 1.6f;
  } while (x != prev);
  return x;
}

static double muller(void) {
  double x0 = 11.0 / 2.0, x1 = 61.0 / 11.0, x2 = 0;
  for (int i = 0; i < 100; i++) {
    x2 = 111 - (1130 - 3000 / x0) / x1;
    x0 = x1;
    x1 = x2;
  }
  return x2;
}

int float_concrete(int op) {
  volatile float third = 1.0f / 3.0f;
  volatile double tenth = 0.1;
  switch (op) {
  case 0: // The smallest subnormal double.
    return shrink_double() == 4.9406564584124654e-324 ? 1 : -1;
  case 1: // The smallest subnormal float.
    return shrink_float() == 1.40129846e-45f ? 2 : -2;
  case 2:
    return (int)muller() == 100 ? 3 : -3;
  case 3: // Rounded product, then sum: 0.1 * 3 - 0.3 is not 0.
    return tenth * 3.0 - 0.3 == 5.551115123125783e-17 ? 4 : -4;
  case 4: // Signed zero and infinity.
    return 1.0 / (-tenth * 0.0) == -INFINITY ? 5 : -5;
  case 5: // Conversions at the edges: truncation toward zero.
    return (int)(third * 21.0f) == 7 && (long)-2.9 == -2 ? 6 : -6;
  case 6: // NaN compares unordered.
    return (tenth - tenth) / 0.0 != (tenth - tenth) / 0.0 ? 7 : -7;
  }
  return 0;
}
