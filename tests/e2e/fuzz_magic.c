// A 32-bit product must equal a constant: the fuzzer's comparison hints see
// the product, not the input, so it does not find it; the solver does.
// With --fuzz the search reaches it through the solver (the reaching test
// is the engine's; the fuzzer crashes only on the input it was given).
// No time budget: the run ends at the target, and the fuzzer's budget is in
// runs (--fuzz-runs, with --seed), so the result does not depend on the
// machine's speed.
// RUN: rm -rf %t
// RUN: not %theseus %s --fuzz --fuzz-runs 100000 --seed 1 --target reach_error -o %t \
// RUN:   | FileCheck %s
// RUN: %check-tests %t --some "bug == 'reach-error' and found_by is None"
// RUN: %check-summary %t "stop_reason == 'target-reached'"
// RUN: %theseus show %t | FileCheck --check-prefix=SHOW %s
// SHOW: fuzzing {{[0-9.]+}} s (cpu {{[0-9.]+}} s), up to 100000 runs a start;
// SHOW-NEXT: executions, corpus {{[0-9]+}}, fuzzer crashes {{[0-9]+}} (the run found 1 bug, listed above); engine ran
// CHECK: fuzzing
// CHECK: target reach_error in main: reached by
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x * 2654435761u == 0xdeadbeefu)
    reach_error();
  return 0;
}
