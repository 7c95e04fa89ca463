// A variable-length array whose length is an input (SV-COMP's
// insertion_sort shape): the size is not pinned but explored. Each size is
// a path of its own, one too large for the stack (--max-stack, 8 MiB) is a
// stack-overflow bug, and the sorting bug, which needs at least 2
// elements, is found by both explorers. Nothing is concretised, and every
// test replays natively (the overflow as a SIGSEGV).
// RUN: rm -rf %t.out %t.fork
// RUN: not %theseus %s --entry main --max-iterations 60 -o %t.out | FileCheck %s
// CHECK: bugs 2
// CHECK-DAG: stack-overflow at {{.*}}vla_size.c:37: stack object 'vla' ({{[0-9]+}} x 4 bytes) exceeds the stack limit of 8388608 bytes
// CHECK-DAG: reach-error at {{.*}}vla_size.c:51
// CHECK: concretizations 0
// RUN: %check-tests %t.out --some "bug == 'stack-overflow' and nondet_uint_1 > 2097152" \
// RUN:   --some "bug == 'reach-error' and nondet_uint_1 >= 2" \
// RUN:   --none "bug == 'reach-error' and nondet_uint_1 < 2" \
// RUN:   --some "ret == 0 and nondet_uint_1 == 0" --some "ret == 0 and nondet_uint_1 == 5"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
//
// RUN: not %theseus %s --entry main --mode fork --max-iterations 20 -o %t.fork | FileCheck --check-prefix=FORK %s
// FORK: reach-error at {{.*}}vla_size.c:51
// FORK: concretizations 0
// RUN: %check-tests %t.fork --some "bug == 'reach-error' and nondet_uint_1 >= 2" \
// RUN:   --some "ret == 0 and nondet_uint_1 == 0"
// The states still waiting at --max-iterations are written as interrupted
// tests, which replay skips.
// RUN: %theseus replay %t.fork | FileCheck --check-prefix=FORKREPLAY %s
// RUN: %check-tests %t.fork --some "kind == 'interrupted'"
// FORKREPLAY: 0 mismatch
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned, const char *);
void reach_error(void) { __assert_fail("0", "vla_size.c", 3, "reach_error"); }

int main(void) {
  unsigned int SIZE = __VERIFIER_nondet_uint();
  int v[SIZE];
  for (unsigned int j = 0; j < SIZE; j++)
    v[j] = __VERIFIER_nondet_int();
  for (unsigned int j = 1; j < SIZE; j++) { // insertion sort
    int key = v[j];
    unsigned int i = j;
    while (i > 1 && v[i - 1] > key) { // the bug: v[0] is never compared
      v[i] = v[i - 1];
      i--;
    }
    v[i] = key;
  }
  for (unsigned int k = 1; k < SIZE; k++)
    if (v[k - 1] > v[k])
      reach_error();
  return 0;
}
