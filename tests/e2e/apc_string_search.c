// A target behind a search for a word in a string: the apc reads the string
// at the loops' counter-dependent offsets as one array read each (no ite
// over its bytes), its quantified form is satisfiable, and a search seeded
// by it reaches the target with a test that replays natively.
// (--apc-timeout 120: room for a busy machine; the default 10 s is a
// budget against the clock, and these answers take Z3 up to seconds.)
// RUN: rm -rf %t.a %t.s
// RUN: %theseus %s --max-strlen 8 --target reach_error --apc-only --apc-timeout 120 -o %t.a | FileCheck %s
// RUN: %check-summary %t.a "target['verdict'] == 'apc satisfiable'" "'s[(' in target['apc']" "' ? ' not in target['apc']"
// CHECK: target reach_error in apc_string_search: apc satisfiable
// CHECK: rests on {{.*}}read in bounds
// RUN: not %theseus %s --max-strlen 8 --target reach_error --apc-first --apc-timeout 120 -o %t.s | FileCheck --check-prefix=SEARCH %s
// RUN: %check-summary %t.s "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1"
// RUN: %theseus replay %t.s | FileCheck --check-prefix=REPLAY %s
// SEARCH: target reach_error in apc_string_search: reached by test
// REPLAY: 0 mismatch
void reach_error(void);

void apc_string_search(const char *s) {
  const char *w = "Hi";
  int found = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w[j] && s[i + j] == w[j])
      j++;
    if (!w[j])
      found = 1;
  }
  if (found)
    reach_error();
}
