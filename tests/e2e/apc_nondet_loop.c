// Inputs read inside a loop (__VERIFIER_nondet_*): every iteration reads a
// value of its own. The loop in main goes on while the input says so and
// counts x up by 2. After it, `more` is 0 (the loop's exit test says so of
// the last value read) and x is even, and the assumption bounds n: the
// target is unreachable, which the apc proves before any search (no search
// would end: the loop runs as long as the input wants).
// RUN: rm -rf %t.proved %t.reached
// RUN: %theseus %s --entry main --target reach_error --apc-first -o %t.proved | FileCheck --check-prefix=PROVED %s
// RUN: %check-summary %t.proved "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'"
// PROVED: target reach_error in main: unreachable (the apc is unsatisfiable; no search needed)
//
// The same loop, with a target three iterations away: reached, and the
// reaching test replays natively.
// RUN: not %theseus %s --entry reachable --target reach_error -o %t.reached | FileCheck --check-prefix=REACHED %s
// RUN: %check-summary %t.reached "target['verdict'] == 'reached'"
// RUN: %theseus replay %t.reached | FileCheck --check-prefix=REPLAY %s
// REACHED: target reach_error in reachable: reached by test
// REPLAY: 0 mismatch
void reach_error(void);
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assume(int);

int main(void) {
  int x = 0, more = 1;
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n < 1000);
  while (more) {
    x += 2;
    more = __VERIFIER_nondet_int();
  }
  if (more != 0 || x % 2 != 0 || n >= 1000)
    reach_error();
  return 0;
}

int reachable(void) {
  int x = 0, more = 1;
  while (more) {
    x += 2;
    more = __VERIFIER_nondet_int();
  }
  if (x == 6)
    reach_error();
  return x;
}
