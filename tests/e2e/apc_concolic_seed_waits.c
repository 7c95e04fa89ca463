// Concolic mode: a run under way stops for a model of the apc. The target
// needs a loop to count to 3000 (n == 3000). The second run negates the
// loop's first test, and its input has n == 2^32 - 1: it would run until
// the step limit. The apc answers while it runs; the run stops at its next
// decision, ends no path and writes no test, and the side it was taking
// stays open. The seed runs next and reaches the target.
// RUN: rm -rf %t
// RUN: not %theseus %s --target reach_error -o %t | FileCheck %s
// RUN: %check-summary %t "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1" "step_limited_paths == 0" "runs <= 4" "tests == paths"
// RUN: %theseus replay %t | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_concolic_seed_waits: reached by test
// REPLAY: 0 mismatch
void reach_error(void);

void apc_concolic_seed_waits(unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    c += 2;
  if (c == 6000)
    reach_error();
}
