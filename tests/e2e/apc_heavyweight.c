// The heavyweight loop processing (--apc-heavyweight, seed section 3.3):
// the inner loop counts j down from i to 0, so its count is a linear form
// of the outer loop's state (max(0, i)) that only the solver's inference
// finds. Without it, j is unknown after the outer loop and the apc is
// satisfiable; with it, j is 0 after any outer iteration and the target
// is unreachable.
// (--apc-timeout 120: room for a busy machine; the default 10 s is a
// budget against the clock, and these answers take Z3 up to seconds.)
// RUN: rm -rf %t.light %t.heavy
// RUN: %theseus %s --target reach_error --apc-only --apc-timeout 120 -o %t.light | FileCheck --check-prefix=LIGHT %s
// RUN: %theseus %s --target reach_error --apc-only --apc-heavyweight --apc-timeout 120 -o %t.heavy | FileCheck --check-prefix=HEAVY %s
// RUN: %check-summary %t.heavy "target['verdict'] == 'unreachable'"
// LIGHT: target reach_error in apc_heavyweight: apc satisfiable
// LIGHT: rests on {{.*}}a value changed by a loop in a way the rules do not cover
// HEAVY: target reach_error in apc_heavyweight: unreachable
// HEAVY: rests on the program's integer semantics only
// HEAVY: backbones 1, loop summaries 2
void reach_error(void);

void apc_heavyweight(int m) {
  int i, j = 7;
  for (i = 0; i < m; ++i) {
    j = i;
    while (j > 0)
      --j;
  }
  if (m > 0 && j != 0)
    reach_error();
}
