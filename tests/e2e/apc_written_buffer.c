// An input buffer the program writes (seed section 4, modified arrays):
// its cells start as the input and a loop overwrites the first four, so
// p[k] == 2k + 1 is impossible for k < 4, while a cell the loop leaves
// keeps its input value: the apc's candidate sets p[6] and the search,
// seeded by it, reaches the second target; its test replays natively.
// RUN: rm -rf %t.odd %t.cand %t.kept
// RUN: %theseus %s --max-len 8 --target %s:28 --apc-only --apc-timeout 120 -o %t.odd | FileCheck --check-prefix=ODD %s
// RUN: %check-summary %t.odd "target['verdict'] == 'unreachable'"
// RUN: %theseus %s --max-len 8 --target %s:30 --apc-only --apc-timeout 120 -o %t.cand | FileCheck --check-prefix=CAND %s
// RUN: %theseus %s --max-len 8 --target %s:30 --apc-first --apc-timeout 120 -o %t.kept | FileCheck --check-prefix=KEPT %s
// RUN: %check-summary %t.kept "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1"
// RUN: %theseus replay %t.kept | FileCheck --check-prefix=REPLAY %s
// ODD: apc_written_buffer.c:28 in apc_written_buffer: unreachable
// ODD: rests on the program's integer semantics only; the input buffers as sized
// CAND: candidate inputs {{.*}}p=[{{-?[0-9]+}},{{-?[0-9]+}},{{-?[0-9]+}},{{-?[0-9]+}},{{-?[0-9]+}},{{-?[0-9]+}},1234,{{-?[0-9]+}}]
// KEPT: apc_written_buffer.c:30 in apc_written_buffer: reached by test
// REPLAY: 0 mismatch
void reach_error(void);
int Kept;

void apc_written_buffer(int *p, int n) {
  for (int i = 0; i < 4; ++i)
    p[i] = 2 * i;
  int k = n & 3;
  // Without the model of p's cells (a buffer the program writes), these
  // loads would be unknown and the first target only "apc satisfiable".
  if (p[k] == 2 * k + 1)
    reach_error();
  if (p[2] == 4 && p[6] == 1234)
    ++Kept;
}
