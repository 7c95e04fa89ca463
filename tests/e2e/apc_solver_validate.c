// --solver-validate with --target: the apc's own queries (building and
// deciding it, with Z3 contexts of their own) are re-checked as the
// search's are, and so are the checks of the search's states against the
// apc; summary.json counts the answers each re-checked. The counts stay 0
// for a query that bypassed the validation.
// RUN: rm -rf %t.only %t.fork %t.plain
// RUN: %theseus %s --target reach_error --apc-only --solver-validate -o %t.only | FileCheck --check-prefix=ONLY %s
// RUN: %check-summary %t.only "target['verdict'] == 'apc satisfiable'" "target['validated']['apc'] > 0"
// ONLY: target reach_error in apc_solver_validate: apc satisfiable
//
// A search beside the apc: it waits for the apc (--apc-first), whose
// checks then prune the states forked for x < 100 and y != 3 * x.
// RUN: not %theseus %s --target reach_error --mode fork --keep-going --apc-first --solver-validate -o %t.fork | FileCheck --check-prefix=FORK %s
// RUN: %check-summary %t.fork "target['verdict'] == 'reached'" "target['pruned_states'] == 2" "target['validated']['apc'] > 0" "target['validated']['apc_checks'] >= 2" "s['solver']['validated'] > 0"
// FORK: target reach_error in apc_solver_validate: reached by test
//
// Without it, nothing is re-checked.
// RUN: not %theseus %s --target reach_error --mode fork --keep-going --apc-first -o %t.plain
// RUN: %check-summary %t.plain "'validated' not in target" "s['solver']['validated'] == 0"
void reach_error(void);

int apc_solver_validate(int x, int y) {
  if (x < 100) {
    if (y > 0)
      return 1;
    return 2;
  }
  if (y == 3 * x)
    reach_error();
  return 0;
}
