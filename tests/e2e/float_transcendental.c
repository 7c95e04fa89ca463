// Transcendental functions have no model: they run natively, their
// symbolic argument pinned to its value, and the run names each call site
// as a concretisation (so it is not complete), while the modelled sqrt on
// the same input stays symbolic. Every test replays natively.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "not complete" \
// RUN:   "incomplete_because == {'concretization': 2}"
// RUN: %check-tests %t.out --some "ret == 1" --some "ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete no: concretization (2)
// CHECK: concretizations 2
// CHECK-DAG: float_transcendental.c:[[@LINE+8]]: argument of exp, a math function computed natively (x1)
// CHECK-DAG: float_transcendental.c:[[@LINE+9]]: argument of pow, a math function computed natively (x1)
// REPLAY: 0 mismatch, 0 skipped
#include <math.h>

int float_transcendental(double x) {
  if (sqrt(x) > 2.0)
    return 1;
  if (exp(x) > 2.0)
    return 2;
  if (pow(x, 3.0) < -1.0)
    return 3;
  return 0;
}
