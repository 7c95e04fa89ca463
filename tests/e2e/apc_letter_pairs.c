// Adjacent pairs of a letter never outnumber the letter: the loop's
// counters are k2 + k3 letters and k3 pairs, which alone do not bound the
// counters against wrapping around, but pairs <= letters (with 0 <= pairs
// and letters <= i) holds at the entry and every backbone preserves it,
// which Z3 checks before the apc uses it. The target is unreachable.
// (--apc-timeout 120: room for a busy machine.)
// RUN: rm -rf %t.u %t.r
// RUN: %theseus %s --target reach_error --apc-only --apc-timeout 120 -o %t.u | FileCheck %s
// RUN: %check-summary %t.u "target['verdict'] == 'unreachable'" "target['loop_invariants'] >= 3"
// CHECK: target reach_error in apc_letter_pairs: unreachable
//
// One pair fewer than four letters ("aaaa") is reachable: the search
// beside the apc reaches it.
// RUN: sed 's/pairs > letters/pairs + 1 == letters \&\& letters == 4/' %s > %t.c
// RUN: not %theseus %t.c --entry apc_letter_pairs --target reach_error -o %t.r | FileCheck --check-prefix=REACH %s
// RUN: %theseus replay %t.r | FileCheck --check-prefix=REPLAY %s
// REACH: target reach_error in apc_letter_pairs: reached by test
// REPLAY: 0 mismatch
void reach_error(void);

void apc_letter_pairs(const char *s) {
  int letters = 0, pairs = 0;
  for (int i = 0; s[i]; i++) {
    if (s[i] == 'a') {
      letters++;
      if (s[i + 1] == 'a')
        pairs++;
    }
  }
  if (pairs > letters)
    reach_error();
}
