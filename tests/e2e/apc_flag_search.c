// Two search loops that each set a flag when a word matched, and run on to
// the end of the string (no `break`). The loops' state depends on their
// counters through their sum alone (i), so their looping conditions number
// the iterations: a flag set means some iteration below the string's
// length matched, an existential over the loop's iterations. The apc's
// models hold both words, and the search beside it reaches the target.
// (--apc-timeout 120: room for a busy machine.)
// RUN: rm -rf %t.a %t.s %t.u
// RUN: %theseus %s --max-strlen 8 --target reach_error --apc-only --apc-timeout 120 -o %t.a | FileCheck %s
// RUN: %check-summary %t.a "target['verdict'] == 'apc satisfiable'" "target['numbered_loop_summaries'] == 2"
// CHECK: target reach_error in apc_flag_search: apc satisfiable
// RUN: not %theseus %s --max-strlen 8 --target reach_error -o %t.s | FileCheck --check-prefix=SEARCH %s
// RUN: %theseus replay %t.s | FileCheck --check-prefix=REPLAY %s
// SEARCH: target reach_error in apc_flag_search: reached by test
// REPLAY: 0 mismatch
//
// Both words need four letters before the string's end: with s[3] == 0
// the target is unreachable, which the apc proves.
// RUN: sed 's/if (found1 \&\& found2)/if (found1 \&\& found2 \&\& s[3] == 0)/' %s > %t.c
// RUN: %theseus %t.c --entry apc_flag_search --max-strlen 8 --target reach_error --apc-only --apc-timeout 120 -o %t.u | FileCheck --check-prefix=PROOF %s
// PROOF: target reach_error in apc_flag_search: unreachable
void reach_error(void);

void apc_flag_search(const char *s) {
  const char *w1 = "Hi", *w2 = "Yo";
  int found1 = 0, found2 = 0;
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w1[j] && s[i + j] == w1[j])
      j++;
    if (!w1[j])
      found1 = 1;
  }
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (w2[j] && s[i + j] == w2[j])
      j++;
    if (!w2[j])
      found2 = 1;
  }
  if (found1 && found2)
    reach_error();
}
