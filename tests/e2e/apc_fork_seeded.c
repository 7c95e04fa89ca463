// Fork mode runs the apc's model as a seed (KLEE's seeded execution). The
// target needs a loop to count to 3000 (n == 3000); the search starts at
// once beside the apc. Unseeded, the forking search takes the loop under a
// model whose n is 2^32 - 1 and forks at every iteration, solving each
// other side, so it does not reach the target in any budget of runs. The
// apc's model goes to the waiting state whose path condition it satisfies
// (a run under way stops at its next decision and waits as a state, which
// may be that one); the state runs next under the seed and follows it to
// the target, leaving the other sides of its decisions to be decided when
// they are picked.
// RUN: rm -rf %t
// RUN: not %theseus %s --target reach_error --mode fork --max-iterations 10 -o %t | FileCheck %s
// RUN: %check-summary %t "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1" "runs <= 5"
// RUN: %theseus replay %t | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in apc_fork_seeded: reached by test
// REPLAY: 0 mismatch
void reach_error(void);

void apc_fork_seeded(unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    c += 2;
  if (c == 6000)
    reach_error();
}
