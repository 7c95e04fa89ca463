// A function summary: THESEUS_SUMMARY(count_digits) replaces the loop of
// count_digits by its contract, so the tree has one branch point per
// contract clause instead of one per loop iteration: the precondition's
// failure (red), and the two sides of the caller's test.
// Native replay runs the real loop, so this test checks the tree; natively
// the precondition's failure does not happen, so it is a divergence, not a
// finding (exit status 0), and the run claims no exhaustion.
// RUN: rm -rf %t.out
// RUN: %theseus --mode=fork --self-check %s -o %t.out | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'error'" 1 \
// RUN:   --some "leaf == 'error' and outcome['bug'] == 'assertion-failure' and line == 33" \
// RUN:   --count "leaf == 'normal'" 2 --some "value == 1" --some "value == 0" \
// RUN:   --none "line is not None and 23 <= line <= 28"
// RUN: %check-tests %t.out --some "kind == 'return' and inputs['digits'] == 1 and x < 10"
// CHECK: complete no: native-mismatch (1)
// CHECK: assertion-failure at {{.*}}fork_summary.c:33{{.*}}unconfirmed
// CHECK: self-check passed

#include <theseus.h>

/* The real function: its loop would fork once per digit. */
int count_digits(int x) {
  int n = 0;
  do {
    n++;
    x /= 10;
  } while (x != 0);
  return n;
}

/* Its contract: defined for x >= 0; returns 1..10, and 1 exactly below 10. */
int THESEUS_SUMMARY(count_digits)(int x) {
  theseus_assert(x >= 0);
  int n = theseus_int("digits");
  theseus_assume(n >= 1);
  theseus_assume(n <= 10);
  theseus_assume((x < 10) == (n == 1));
  return n;
}

int fork_summary(int x) {
  if (count_digits(x) == 1)
    return 1;
  return 0;
}
