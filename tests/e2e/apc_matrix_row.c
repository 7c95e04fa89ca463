// A target reached when a row of a 2-D parameter has more than 4 entries in
// (10, 100) (MatrIR in small): the apc reads m[i][j] as the element
// m.i32[i * 6 + j] of the parameter's array, precisely, so the quantified
// apc is satisfiable and its model is a matrix that reaches the target,
// shown as rows of int cells.
// (--apc-timeout 120: room for a busy machine; the default 10 s is a
// budget against the clock, and these answers take Z3 up to seconds.)
// RUN: rm -rf %t.a %t.s
// RUN: %theseus %s --max-len 6 --target reach_error --apc-only --apc-timeout 120 -o %t.a | FileCheck %s
// RUN: %check-summary %t.a "target['verdict'] == 'apc satisfiable'" "target['answered_by'] in ('apc', 'apc, counters fixed')" "len(target['candidate']['m']) == 6" "all(len(row) == 6 for row in target['candidate']['m'])" "'m.i32[' in target['apc']"
// CHECK: target reach_error in apc_matrix_row: apc satisfiable
// CHECK: candidate inputs m={{\[\[}}
// The search starts from that candidate, whose first path reaches it.
// RUN: not %theseus %s --max-len 6 --target reach_error --apc-first --apc-timeout 120 -o %t.s | FileCheck --check-prefix=SEARCH %s
// RUN: %check-summary %t.s "target['verdict'] == 'reached'" "target['test'] == 'test000001.json'"
// RUN: %theseus replay %t.s | FileCheck --check-prefix=REPLAY %s
// SEARCH: target reach_error in apc_matrix_row: reached by test000001.json
// REPLAY: 0 mismatch
#define N 6
void reach_error(void);

void apc_matrix_row(int (*m)[N]) {
  for (int i = 0; i < N; i++) {
    int count = 0;
    for (int j = i; j < N; j++)
      if (m[i][j] > 10 && m[i][j] < 100)
        count++;
    if (count > 4)
      reach_error();
  }
}
