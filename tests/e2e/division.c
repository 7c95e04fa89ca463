// Division by a symbolic divisor: both x / 0 and INT_MIN / -1 are found.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'division-by-zero' and y == 0" \
// RUN:   --some "bug == 'division-overflow' and x == -2**31 and y == -1" \
// RUN:   --some "bug == 'division-by-zero' and line == 20" \
// RUN:   --some "kind == 'return'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 3
// CHECK-DAG: division-by-zero at {{.*}}division.c:16: division by zero
// CHECK-DAG: division-overflow at {{.*}}division.c:16: division overflows: -2147483648 / -1
// CHECK-DAG: division-by-zero at {{.*}}division.c:20: remainder by zero
// REPLAY: 0 mismatch, 0 skipped

int division(int x, int y, unsigned u) {
  int q = x / y;
  if (q > 100) {
    // Reached only with a non-zero divisor; u % (u - 5) fails only for
    // u == 5.
    unsigned r = 1000 % (u - 5);
    return (int)r;
  }
  return q;
}
