// An SV-COMP style program: each __VERIFIER_nondet_int() call is a fresh
// input, __VERIFIER_assume restricts them, and reach_error() is the bug.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --some "bug == 'reach-error' and nondet_int_1 == 5" \
// RUN:   --all "0 < nondet_int_1 < 6" --none "kind == 'assume-violated'"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: bugs 1
// CHECK-NEXT: reach-error at {{.*}}svcomp_loop.c:28: reach_error() called
// REPLAY: 0 mismatch, 0 skipped
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 6);
  int sum = 0;
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    if (v == 42)
      sum += 2;
    else
      sum++;
  }
  if (sum == 7 && n == 5)
    reach_error();
  return 0;
}
