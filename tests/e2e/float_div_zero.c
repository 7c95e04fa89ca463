// IEEE-754 defines a float division by zero (1.0f / -0.0f is -inf), so it
// is no bug by default. With --check=float-div-zero it is: a divisor that
// can be +0 or -0 is a decision the explorer negates, the bug's test has a
// zero divisor, and the native replay, built with UndefinedBehaviorSanitizer's
// float-divide-by-zero check, confirms it. A constant divisor is no check.
// RUN: rm -rf %t.out %t.plain
// RUN: not %theseus %s --check=float-div-zero -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'float-division-by-zero' and y == 0" \
// RUN:   --some "ret == 1" --some "ret == 2" --none "kind == 'bug' and y != 0"
// RUN: %check-summary %t.out "complete"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: float-division-by-zero at {{.*}}float_div_zero.c:[[@LINE+13]]: float division by zero {{.*}}[confirmed
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
//
// Without the option a zero divisor is an ordinary input.
// RUN: %theseus %s -o %t.plain | FileCheck --check-prefix=PLAIN %s
// RUN: %check-tests %t.plain --some "ret == 1" --some "ret == 2" \
// RUN:   --none "kind == 'bug'"
// PLAIN: complete yes
// PLAIN: bugs 0

int float_div_zero(double x, float y) {
  x = x / 4.0;
  if (1.0f / y < 0)
    return 1;
  return 2;
}
