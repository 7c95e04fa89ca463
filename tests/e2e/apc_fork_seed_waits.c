// Fork mode: a run under way stops for a model of the apc, with workers
// too. The target needs a loop to count to 3000 (n == 3000). A state that
// enters the loop has a model with some large n, and its run would go on
// until the step limit; the apc answers while it runs (each worker takes
// every answer for its own states), the run stops at its next decision
// and waits as a state, and the seed's state runs next and reaches the
// target. The first worker's first run, the search's own start, is never
// stopped.
// RUN: rm -rf %t.one %t.two
// RUN: not %theseus %s --mode=fork --target reach_error -o %t.one | FileCheck %s
// RUN: %check-summary %t.one "target['verdict'] == 'reached'" "step_limited_paths == 0"
// RUN: not %theseus %s --mode=fork -j 2 --target reach_error -o %t.two | FileCheck %s
// RUN: %check-summary %t.two "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1" "step_limited_paths == 0"
// RUN: %theseus replay %t.two | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_fork_seed_waits: reached by test
// REPLAY: 0 mismatch
void reach_error(void);

void apc_fork_seed_waits(unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    c += 2;
  if (c == 6000)
    reach_error();
}
