// A division leaf that errors only when the divisor is zero: a red error
// leaf (path condition d == 0) next to the normal ends; the quotient has
// more than 16 values (--return-values), so no further tests.
// RUN: rm -rf %t.out
// RUN: not %theseus --mode=fork --self-check %s -o %t.out --tests=all | FileCheck %s
// RUN: %check-tree %t.out/tree.json --count "leaf == 'error'" 1 \
// RUN:   --some "leaf == 'error' and outcome['bug'] == 'division-by-zero' and pc.endswith('d == 0')" \
// RUN:   --count "leaf == 'normal'" 2
// RUN: grep -q 'fillcolor=red' %t.out/tree.dot
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: division-by-zero at {{.*}}fork_division.c:19
// CHECK: self-check passed: precision 3/3 leaves
// REPLAY: replayed 3 tests: 3 match, 0 mismatch

int fork_division(unsigned n, unsigned d) {
  // Unsigned: the division fails for d == 0 only.
  if (n > 1000)
    return 0;
  return n / d;
}
