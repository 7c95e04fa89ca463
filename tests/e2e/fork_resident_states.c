// Fork mode: past --max-resident-states waiting states (or a quarter of
// --max-memory), a forked state waits as its input alone and runs again
// from the entry when picked, forking nowhere up to its own decision. With
// at most one kept resident, nearly every state runs that way; the run
// must find what a run keeping them all finds: the same paths with the
// same outcomes, bugs and return values, the same tree, the same test
// numbers, in the same order (the search sees the same states either way).
// RUN: rm -rf %t.all %t.none %t.two %t.target
// RUN: not %theseus --mode=fork %s -o %t.all -q --tree-max-nodes 100000 > /dev/null
// RUN: not %theseus --mode=fork %s -o %t.none -q --max-resident-states 1 --tree-max-nodes 100000 | FileCheck %s
// CHECK: stopped: exhausted
// CHECK: complete yes
// RUN: %check-summary %t.all "states_run_from_entry == 0"
// RUN: %check-summary %t.none "states_run_from_entry > 100" "divergences == 0"
// RUN: %python %S/tools/same_summary.py %t.all %t.none
// RUN: %python %S/tools/same_tree.py %t.all %t.none
// RUN: %python %S/tools/same_numbers.py %t.all %t.none
// RUN: %theseus replay --all %t.none | FileCheck %s --check-prefix=REPLAY
// REPLAY: 0 mismatch
// The self-check runs each leaf's input concretely: every leaf is where
// its input goes.
// RUN: not %theseus --mode=fork %s -o %t.none -q --max-resident-states 1 --self-check | FileCheck %s --check-prefix=SELF
// SELF: self-check passed
// With workers, states taken over from another worker wait the same way.
// RUN: not %theseus --mode=fork %s -o %t.two -q -j 2 --max-resident-states 1 > /dev/null
// RUN: %check-summary %t.two "states_run_from_entry > 0" "divergences == 0"
// RUN: %python %S/tools/same_summary.py %t.all %t.two
// A target's seeds and the apc's pruning reach states waiting without
// their interpreter state: the search still reaches the target.
// RUN: not %theseus --mode=fork %s -o %t.target -q --max-resident-states 1 --target reach_error | FileCheck %s --check-prefix=TARGET
// TARGET: target reach_error in fork_resident_states: reached
// RUN: %check-summary %t.target "states_run_from_entry > 0" "divergences == 0"

#include "theseus.h"

void reach_error(void);

int fork_resident_states(const char *s, int n, unsigned k) {
  int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  int score = 0;
  theseus_assume(n != 50);
  for (int i = 0; i < 6; ++i) {
    if (s[i] == 'a' + i)
      score += 1 << i;
    else if (s[i] == 'z')
      score -= 1;
  }
  // A symbolic index: one instruction, several decisions.
  if (k < 8 && table[k] == 1 && score > 40)
    reach_error();
  if (n > 10 && n < 5)
    return -100; // Never: an infeasible side.
  if (n > 100 && n < 104)
    return n; // Three return values on one path.
  if (score == 63)
    return 1000 / (n - 7); // Divides by zero when n == 7.
  return score;
}
