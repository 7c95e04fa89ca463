// The forking mode's self-check on floats: every leaf's input runs
// concretely down its path, and the random samples, half of whose floats
// are NaNs, infinities, zeros of either sign, subnormals or the ends of the
// normal range, each satisfy exactly one leaf's condition and end as it
// says, here one leaf per class of value.
// RUN: rm -rf %t.out
// RUN: %theseus --mode=fork --self-check --self-check-samples 300 %s -o %t.out \
// RUN:   | FileCheck %s
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: paths 6
// CHECK: self-check passed: precision 6/6 leaves, exhaustiveness 300/300
// REPLAY: 0 mismatch, 0 skipped
#include <math.h>

int float_self_check(double x, float y) {
  if (x != x)
    return 1;
  if (isinf(x))
    return x > 0 ? 2 : 3;
  if (x == 0)
    return signbit(x) ? 4 : 5;
  if (fabs(x) < 2.2250738585072014e-308)
    return 6;
  if (sqrtf(y) > 2.0f)
    return 7;
  return y != y ? 8 : 0;
}
