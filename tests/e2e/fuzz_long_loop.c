// The error lies after 100 million iterations of a concrete loop: every
// run of the engine ends at the instruction limit before it. The fuzzing
// phase runs the program natively, finds the input, and the engine runs
// that input without the limit: the bug is a test found by the fuzzer that
// replays natively.
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus %s --max-time 8 -q -o %t.plain
// RUN: %check-tests %t.plain --none "bug == 'reach-error'"
// RUN: not %theseus %s --fuzz --max-time 120 --target reach_error -o %t.fuzz \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer'"
// RUN: %theseus replay %t.fuzz | FileCheck --check-prefix=REPLAY %s
// CHECK: fuzzing {{.*}} crashes {{[1-9]}}
// CHECK: target reach_error in main: reached by
// REPLAY: 1 match, 0 mismatch
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }

int main(void) {
  unsigned flag = __VERIFIER_nondet_uint();
  unsigned count = 0;
  for (unsigned i = 0; i < 100000000; i++)
    count += 3;
  if (count == 300000000 && flag == 12345)
    reach_error();
  return 0;
}
