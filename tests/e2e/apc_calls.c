// Four calls of a word search with an inner matching loop that leaves at
// the first mismatch and a return from inside the outer loop: the apc
// summarises the search once per call context (here, per word) instead of
// inlining it, so the caller has one backbone, not the product of the
// calls'. Its model holds the four words, and the search seeded by it
// reaches the target in both modes, with a test that replays natively.
// RUN: rm -rf %t.a %t.c %t.f %t.u
// RUN: %theseus %s --max-strlen 12 --target reach_error --apc-only --apc-timeout 120 -o %t.a | FileCheck %s
// RUN: %check-summary %t.a "target['verdict'] == 'apc satisfiable'" "target['backbones'] == 1" "target['loop_summaries'] == 8" "target['function_summaries'] == 4"
// CHECK: target reach_error in apc_calls: apc satisfiable
// CHECK: rests on the program's integer semantics only; the input buffers {{.*}} read in bounds
// CHECK: backbones 1, loop summaries 8, loop backbones never taken {{[0-9]+}}, function summaries 4
// RUN: not %theseus %s --max-strlen 12 --target reach_error --apc-first --apc-timeout 120 -o %t.c | FileCheck --check-prefix=SEARCH %s
// RUN: %check-summary %t.c "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1"
// RUN: %theseus replay %t.c | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s --max-strlen 12 --target reach_error --mode fork --apc-first --apc-timeout 120 -o %t.f | FileCheck --check-prefix=SEARCH %s
// RUN: %check-summary %t.f "target['verdict'] == 'reached'"
// SEARCH: target reach_error in apc_calls: reached by test
// REPLAY: 0 mismatch
//
// The same calls behind an empty string: the summary returns 1 only from
// inside the loop over a non-empty prefix, so the apc is unsatisfiable, a
// proof of unreachability with no search.
// RUN: %theseus %s --entry empty --max-strlen 12 --target reach_error --apc-first --apc-timeout 120 -o %t.u | FileCheck --check-prefix=EMPTY %s
// RUN: %check-summary %t.u "target['verdict'] == 'unreachable'" "target['decided_by'] == 'apc'" "'paths' not in s"
// EMPTY: target reach_error in empty: unreachable (the apc is unsatisfiable; no search needed)
void reach_error(void);

static int find(const char *a, const char *w) {
  for (int i = 0; a[i] != 0; ++i) {
    int k = 0;
    while (w[k] != 0 && a[i + k] == w[k])
      ++k;
    if (w[k] == 0)
      return 1;
  }
  return 0;
}

void apc_calls(const char *a) {
  int h = find(a, "ab");
  int w = find(a, "cd");
  int t = find(a, "ef");
  int m = find(a, "gh");
  if (h && w && t && m)
    reach_error();
}

void empty(const char *a) {
  if (find(a, "ab") && find(a, "cd") && find(a, "ef") && find(a, "gh") &&
      a[0] == 0)
    reach_error();
}
